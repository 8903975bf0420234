/* The terminal side of a pty, in C so the reader is not the bottleneck (Python's tops out
 * near 20 MB/s here): runs a program on a pty of COLS x ROWS cells of CW x CH pixels,
 * reads no faster than RATE bytes/s (0: as fast as it can), counts pictures as they pass
 * (sixel: ESC P digits/semicolons q; kitty: ESC _ G keys with a=T or a=f; iTerm2: ESC ] 1337;File=), types `q`
 * after SECONDS, and times it until ESC[?1049l (the terminal restored). Prints one line of
 * figures to stderr and what came after the restore to stdout. It also counts the frames of
 * cells (synchronized updates, ESC[?2026l) of 2 KB or more: a video frame, not a key's echo.
 * With PTY_DRAIN_RECORD=FILE in its environment, every byte read is also written to FILE,
 * and FILE.times gets a line "OFFSET SECONDS" per read: where in FILE it begins and when it
 * arrived, from the start (scripts/link-table replays them).
 *
 *   pty-drain RATE SECONDS COLS ROWS CW CH program args...
 */
#define _GNU_SOURCE
#include <errno.h>
#include <pty.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/select.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + t.tv_nsec / 1e9;
}

/* A small matcher fed byte by byte, so pictures split across reads are counted once. */
enum { IDLE, ESC, DCS, APC, APC_KEYS, OSC };
static int state = IDLE, keyA = 0;
/* An iTerm2 picture: OSC 1337;File= (matched a byte at a time, at `oscAt`). */
static const char itermFile[] = "1337;File=";
static size_t oscAt = 0;
static long pictures = 0;
static const char restore[] = "\x1b[?1049l";
static size_t restoreAt = 0;
static const char frameEnd[] = "\x1b[?2026l";
static size_t frameEndAt = 0;
static long frames = 0, sinceFrame = 0;

static int feed(unsigned char c) {
    int restored = 0;
    sinceFrame++;
    if (c == (unsigned char)frameEnd[frameEndAt]) {
        if (++frameEndAt == sizeof frameEnd - 1) { if (sinceFrame >= 2048) frames++; sinceFrame = 0; frameEndAt = 0; }
    } else frameEndAt = (c == 0x1b);
    if (c == (unsigned char)restore[restoreAt]) {
        if (++restoreAt == sizeof restore - 1) { restored = 1; restoreAt = 0; }
    } else restoreAt = (c == 0x1b);
    switch (state) {
    case IDLE: if (c == 0x1b) state = ESC; break;
    case ESC: state = c == 'P' ? DCS : c == '_' ? APC : c == ']' ? OSC : c == 0x1b ? ESC : IDLE; keyA = 0; oscAt = 0; break;
    case OSC:
        if (c == (unsigned char)itermFile[oscAt]) { if (++oscAt == sizeof itermFile - 1) { pictures++; state = IDLE; } }
        else state = c == 0x1b ? ESC : IDLE;
        break;
    case DCS:
        if (c == 'q') { pictures++; state = IDLE; }
        else if (!((c >= '0' && c <= '9') || c == ';')) state = c == 0x1b ? ESC : IDLE;
        break;
    case APC: state = c == 'G' ? APC_KEYS : (c == 0x1b ? ESC : IDLE); keyA = 1; break;
    case APC_KEYS:  /* keyA: 1 a key starts, 2 it is `a`, 3 after `a=`, 0 in another key */
        if (c == ';' || c == 0x1b) { state = c == 0x1b ? ESC : IDLE; break; }
        if (c == ',') { keyA = 1; break; }
        if (keyA == 1) keyA = c == 'a' ? 2 : 0;
        else if (keyA == 2) keyA = c == '=' ? 3 : 0;
        else if (keyA == 3) { if (c == 'T' || c == 'f') pictures++; keyA = 0; }
        break;
    }
    return restored;
}

int main(int argc, char **argv) {
    if (argc < 8) { fprintf(stderr, "usage: pty-drain RATE SECONDS COLS ROWS CW CH program args...\n"); return 2; }
    double rate = atof(argv[1]), seconds = atof(argv[2]);
    struct winsize size = { .ws_col = atoi(argv[3]), .ws_row = atoi(argv[4]) };
    size.ws_xpixel = size.ws_col * atoi(argv[5]);
    size.ws_ypixel = size.ws_row * atoi(argv[6]);
    int master;
    pid_t child = forkpty(&master, NULL, NULL, &size);
    if (child < 0) { perror("forkpty"); return 1; }
    if (child == 0) { execvp(argv[7], argv + 7); perror("exec"); _exit(127); }
    static unsigned char buffer[1 << 20];
    const char *recordPath = getenv("PTY_DRAIN_RECORD");
    FILE *record = recordPath ? fopen(recordPath, "wb") : NULL, *times = NULL;
    if (record) {
        char timesPath[4096];
        snprintf(timesPath, sizeof timesPath, "%s.times", recordPath);
        times = fopen(timesPath, "w");
    }
    double started = now(), last = started, budget = 0, typed = 0, restoredAt = 0;
    long total = 0;
    int restored = 0;
    for (;;) {
        double t = now();
        if (!typed && t - started >= seconds) { if (write(master, "q", 1) == 1) typed = t; }
        size_t want = sizeof buffer;
        if (rate > 0) {
            budget += (t - last) * rate;
            double cap = rate * 0.005 > 8192 ? rate * 0.005 : 8192;  /* a slow link still reads in pieces */
            if (budget > cap) budget = cap;
            last = t;
            if (budget < 4096) { struct timespec pause = { 0, 500000 }; nanosleep(&pause, NULL); continue; }
            if ((size_t)budget < want) want = (size_t)budget;
        }
        fd_set readable;
        FD_ZERO(&readable);
        FD_SET(master, &readable);
        struct timeval timeout = { 0, 50000 };
        int ready = select(master + 1, &readable, NULL, NULL, &timeout);
        if (ready < 0 && errno == EINTR) continue;
        if (ready <= 0) { if (waitpid(child, NULL, WNOHANG) == child) break; continue; }
        ssize_t got = read(master, buffer, want);
        if (got <= 0) break;
        budget -= got;
        total += got;
        if (record) {
            fprintf(times, "%ld %.4f\n", total - got, now() - started);
            fwrite(buffer, 1, got, record);
        }
        if (restored) { fwrite(buffer, 1, got, stdout); continue; }
        for (ssize_t i = 0; i < got; i++) {
            if (feed(buffer[i])) {
                restored = 1;
                restoredAt = now();
                fwrite(buffer + i, 1, got - i, stdout);
                break;
            }
        }
    }
    int status = 0;
    waitpid(child, &status, 0);
    double wall = (typed ? typed : now()) - started;
    if (record) { fclose(record); fclose(times); }
    fprintf(stderr, "pictures %ld bytes %ld wall %.3f quit_ms %.1f status %d frames %ld\n", pictures, total, wall,
            restored && typed ? (restoredAt - typed) * 1000 : -1.0, WEXITSTATUS(status), frames);
    return 0;
}

// pty-drain: a program on a pty whose reader takes no more than a byte rate, and counts the
// kitty pictures that arrive. For scripts/bench-kitty: Python reads a pty at about 50 MB/s
// on this machine, too slow to stand for a 200 MB/s terminal.
//
//     pty-drain COLUMNS ROWS XPIXELS YPIXELS RATE SECONDS SETTLE OUTPREFIX -- COMMAND ARGS...
//
// Runs COMMAND on a new pty of that size (TIOCSWINSZ with the pixels), reads at most RATE
// bytes a second, types `q` after SECONDS and reads until it exits. A picture is a
// synchronized update (ESC[?2026h ... ESC[?2026l) holding a command that transmits pixels
// (ESC_Ga=T or ESC_Ga=f). Prints: pictures counted after SETTLE s, the seconds between the
// first and the last of them, the bytes read between them, and all bytes read. Writes the
// first 4 KB from the first picture's command to OUTPREFIX.head and the last 4 KB read to
// OUTPREFIX.tail.
#define _GNU_SOURCE
#include <fcntl.h>
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

int main(int argc, char **argv) {
    if (argc < 11 || strcmp(argv[9], "--") != 0) {
        fprintf(stderr, "usage: pty-drain COLUMNS ROWS XPIXELS YPIXELS RATE SECONDS SETTLE OUTPREFIX -- COMMAND...\n");
        return 2;
    }
    struct winsize size = {.ws_col = atoi(argv[1]), .ws_row = atoi(argv[2]), .ws_xpixel = atoi(argv[3]),
                           .ws_ypixel = atoi(argv[4])};
    double rate = atof(argv[5]), seconds = atof(argv[6]), settle = atof(argv[7]);
    int master;
    pid_t child = forkpty(&master, NULL, NULL, &size);
    if (child < 0) { perror("forkpty"); return 2; }
    if (child == 0) {
        execvp(argv[10], argv + 10);
        _exit(127);
    }
    static unsigned char buffer[1 << 16];
    char path[4096];
    snprintf(path, sizeof path, "%s.head", argv[8]);
    FILE *head = fopen(path, "wb");
    size_t headBytes = 0;
    unsigned char tail[4096];
    size_t tailBytes = 0;
    // The marks are looked for byte by byte, so none is lost between reads.
    const char *marks[3] = {"\x1b_Ga=T", "\x1b_Ga=f", "\x1b[?2026l"};
    size_t matched[3] = {0, 0, 0};
    int open = 0, typed = 0, exited = 0;
    long pictures = 0;
    double began = now(), first = 0, last = 0, budget = 0, previous = began;
    unsigned long long total = 0, firstBytes = 0, lastBytes = 0;
    for (;;) {
        double t = now();
        if (!typed && t - began >= seconds) { (void)!write(master, "q", 1); typed = 1; }
        if (!exited && waitpid(child, NULL, WNOHANG) == child) exited = 1;
        budget += (t - previous) * rate;
        if (budget > rate * 0.02) budget = rate * 0.02;
        previous = t;
        if (budget < 1) { usleep(1000); continue; }
        fd_set set;
        FD_ZERO(&set);
        FD_SET(master, &set);
        struct timeval wait = {0, 50000};
        if (select(master + 1, &set, NULL, NULL, &wait) <= 0) {
            if (exited || (typed && now() - began > seconds + 15)) break;
            continue;
        }
        size_t want = budget < sizeof buffer ? (size_t)budget : sizeof buffer;
        ssize_t n = read(master, buffer, want);
        if (n <= 0) break;
        budget -= n;
        t = now();
        for (ssize_t i = 0; i < n; i++) {
            unsigned char c = buffer[i];
            int headStarted = headBytes > 0;
            total++;
            for (int k = 0; k < 3; k++) {
                size_t length = strlen(marks[k]);
                if (c == (unsigned char)marks[k][matched[k]]) matched[k]++;
                else matched[k] = c == (unsigned char)marks[k][0];
                if (matched[k] < length) continue;
                matched[k] = 0;
                if (k == 2) {
                    if (open && t - began >= settle && t - began <= seconds) {
                        if (pictures == 0) { first = t; firstBytes = total; }
                        last = t; lastBytes = total;
                        pictures++;
                    }
                    open = 0;
                } else {
                    open = 1;
                    if (headBytes == 0 && head) { fwrite(marks[k], 1, length, head); headBytes = length; }
                }
            }
            if (headStarted && head && headBytes < 4096) { fputc(c, head); headBytes++; }
            tail[tailBytes++ % sizeof tail] = c;
        }
    }
    if (head) fclose(head);
    snprintf(path, sizeof path, "%s.tail", argv[8]);
    FILE *out = fopen(path, "wb");
    if (out) {
        size_t count = tailBytes < sizeof tail ? tailBytes : sizeof tail;
        for (size_t i = 0; i < count; i++) fputc(tail[(tailBytes - count + i) % sizeof tail], out);
        fclose(out);
    }
    if (!exited) { kill(child, SIGKILL); waitpid(child, NULL, 0); }
    printf("%ld %.3f %llu %llu\n", pictures, last - first, lastBytes - firstBytes, total);
    return 0;
}

// The shell pane's program in a pseudo-terminal: spawned in C, where only async-signal-safe
// calls follow fork() (shim.h declares).
#include "shim.h"

pid_t cvterm_spawn(const char *path, char *const argv[], char *const envp[],
                   int rows, int columns, int *master) {
    struct winsize size;
    memset(&size, 0, sizeof size);
    size.ws_row = (unsigned short)rows;
    size.ws_col = (unsigned short)columns;
    pid_t pid = forkpty(master, NULL, NULL, &size);
    if (pid != 0) return pid;
    // The child: async-signal-safe calls only, then exec.
    sigset_t none;
    sigemptyset(&none);
    sigprocmask(SIG_SETMASK, &none, NULL);
    for (int sig = 1; sig < 32; sig++) {
        if (sig != SIGKILL && sig != SIGSTOP) signal(sig, SIG_DFL);
    }
    long max = sysconf(_SC_OPEN_MAX);
    if (max < 0 || max > 65536) max = 65536;
    for (int fd = 3; fd < max; fd++) close(fd);
    execve(path, argv, envp);
    _exit(127);
}

int cvterm_reap(pid_t pid, int *status) {
    pid_t done = waitpid(pid, status, WNOHANG);
    if (done == 0) return 0;
    return done == pid ? 1 : -1;
}

int cvterm_set_size(int master, int rows, int columns) {
    struct winsize size;
    memset(&size, 0, sizeof size);
    size.ws_row = (unsigned short)rows;
    size.ws_col = (unsigned short)columns;
    return ioctl(master, TIOCSWINSZ, &size);
}

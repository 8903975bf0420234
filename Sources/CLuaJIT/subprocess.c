// mp.utils.subprocess's process: the arguments run without a shell, their output
// collected (to a bound), the exit status; a script's own thread waits for it, as in mpv.
// pipe2 (the pipes closed on exec, at once) is a GNU extension.
#define _GNU_SOURCE
#include "shim.h"
#include <errno.h>
#include <fcntl.h>
#include <lauxlib.h>
#include <lua.h>
#include <poll.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

enum { most_arguments = 256 };

// Reads both pipes to their ends: standard output into Lua's buffer, standard error into
// `err_text` (two Lua buffers cannot grow at once); past `limit` bytes the rest is dropped.
static size_t collect(int out, int err, luaL_Buffer *out_buffer, char *err_text, size_t err_limit, size_t limit) {
    struct pollfd pipes[2] = {{out, POLLIN, 0}, {err, POLLIN, 0}};
    size_t kept[2] = {0, 0};
    size_t limits[2] = {limit, err_limit};
    while (pipes[0].fd >= 0 || pipes[1].fd >= 0) {
        if (poll(pipes, 2, -1) < 0 && errno != EINTR) break;
        for (int index = 0; index < 2; index++) {
            if (pipes[index].fd < 0 || pipes[index].revents == 0) continue;
            char chunk[4096];
            ssize_t count = read(pipes[index].fd, chunk, sizeof chunk);
            if (count <= 0) {
                close(pipes[index].fd);
                pipes[index].fd = -1;
                continue;
            }
            size_t take = kept[index] + (size_t)count > limits[index] ? limits[index] - kept[index] : (size_t)count;
            if (index == 0) luaL_addlstring(out_buffer, chunk, take);
            else memcpy(err_text + kept[1], chunk, take);
            kept[index] += take;
        }
    }
    return kept[1];
}

// _inset.subprocess({args...}, limit) -> status, stdout, stderr, or nil, error
int inset_lua_subprocess(lua_State *state) {
    luaL_checktype(state, 1, LUA_TTABLE);
    size_t limit = (size_t)luaL_optnumber(state, 2, 64 * 1024 * 1024);
    int count = (int)lua_objlen(state, 1);
    if (count < 1 || count > most_arguments) return luaL_error(state, "subprocess: 1 to %d arguments", most_arguments);
    const char *arguments[most_arguments + 1];
    for (int index = 0; index < count; index++) {
        lua_rawgeti(state, 1, index + 1);
        arguments[index] = lua_tostring(state, -1);
        if (arguments[index] == NULL) return luaL_error(state, "subprocess: argument %d is not a string", index + 1);
        lua_pop(state, 1); // the table keeps the string alive
    }
    arguments[count] = NULL;
    int out[2], err[2];
    if (pipe2(out, O_CLOEXEC) != 0) goto failed;
    if (pipe2(err, O_CLOEXEC) != 0) { close(out[0]); close(out[1]); goto failed; }
    pid_t child = fork();
    if (child == 0) {
        int null = open("/dev/null", O_RDONLY);
        dup2(null, 0);
        dup2(out[1], 1);
        dup2(err[1], 2);
        signal(SIGPIPE, SIG_DFL);
        execvp(arguments[0], (char *const *)arguments);
        _exit(127);
    }
    close(out[1]);
    close(err[1]);
    if (child < 0) { close(out[0]); close(err[0]); goto failed; }
    enum { err_limit = 64 * 1024 };
    char *err_text = malloc(err_limit);
    luaL_Buffer out_buffer;
    luaL_buffinit(state, &out_buffer);
    size_t err_length = collect(out[0], err[0], &out_buffer, err_text, err_text != NULL ? err_limit : 0, limit);
    int status = 0;
    while (waitpid(child, &status, 0) < 0 && errno == EINTR) {}
    luaL_pushresult(&out_buffer);
    lua_pushinteger(state, WIFEXITED(status) ? WEXITSTATUS(status) : -WTERMSIG(status));
    lua_insert(state, -2);
    lua_pushlstring(state, err_text != NULL ? err_text : "", err_length);
    free(err_text);
    return 3;
failed:
    lua_pushnil(state);
    lua_pushstring(state, strerror(errno));
    return 2;
}

// A script's Lua state: the libraries, the host's callbacks as `_inset.call` and
// `_inset.wait`, the clock, and the hook that stops a script from another thread.
#define _GNU_SOURCE
#include "shim.h"
#include <unistd.h>
#include <lauxlib.h>
#include <lua.h>
#include <luajit.h>
#include <lualib.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

struct inset_host {
    void *context;
    inset_script_call_fn call;
    inset_script_wait_fn wait;
};

static const char host_key = 'h';

static struct inset_host *host_of(lua_State *state) {
    lua_pushlightuserdata(state, (void *)&host_key);
    lua_rawget(state, LUA_REGISTRYINDEX);
    struct inset_host *host = lua_touserdata(state, -1);
    lua_pop(state, 1);
    return host;
}

// _inset.call(request_json) -> reply_json
static int host_call(lua_State *state) {
    const char *request = luaL_checkstring(state, 1);
    struct inset_host *host = host_of(state);
    char *reply = host->call(host->context, request);
    if (reply == NULL) return luaL_error(state, "the player is gone");
    lua_pushstring(state, reply);
    free(reply);
    return 1;
}

// _inset.wait(timeout) -> event_json or nil
static int host_wait(lua_State *state) {
    double timeout = luaL_optnumber(state, 1, -1);
    struct inset_host *host = host_of(state);
    char *event = host->wait(host->context, timeout);
    if (event == NULL) return 0;
    lua_pushstring(state, event);
    free(event);
    return 1;
}

// _inset.time() -> seconds on the monotonic clock (mp.get_time)
static int host_time(lua_State *state) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    lua_pushnumber(state, (double)now.tv_sec + (double)now.tv_nsec / 1e9);
    return 1;
}

lua_State *inset_script_open(void *context, inset_script_call_fn call, inset_script_wait_fn wait) {
    lua_State *state = luaL_newstate();
    if (state == NULL) return NULL;
    luaL_openlibs(state);
    // Interpreted: code the JIT compiled runs no hook, so a compiled `while true do end`
    // could not be stopped at quit (ScriptHostTests). LuaJIT's interpreter is still faster
    // than the plain Lua 5.2 Debian's mpv runs its scripts on; a script can turn the JIT
    // back on for itself (jit.on()), and is then left to the process's end if it never returns.
    luaJIT_setmode(state, 0, LUAJIT_MODE_ENGINE | LUAJIT_MODE_OFF);
    struct inset_host *host = lua_newuserdata(state, sizeof *host);
    host->context = context;
    host->call = call;
    host->wait = wait;
    lua_pushlightuserdata(state, (void *)&host_key);
    lua_pushvalue(state, -2);
    lua_rawset(state, LUA_REGISTRYINDEX);
    // Kept alive by the registry's second reference, under its own name.
    lua_setfield(state, LUA_REGISTRYINDEX, "inset.host");
    static const luaL_Reg primitives[] = {
        {"call", host_call}, {"wait", host_wait}, {"time", host_time},
        {"readdir", inset_lua_readdir}, {"file_info", inset_lua_file_info}, {"getcwd", inset_lua_getcwd},
        {"subprocess", inset_lua_subprocess}, {NULL, NULL},
    };
    lua_newtable(state);
    luaL_register(state, NULL, primitives);
    lua_setglobal(state, "_inset");
    return state;
}

static void stop_hook(lua_State *state, lua_Debug *debug) {
    (void)debug;
    luaL_error(state, "stopped: the player is quitting");
}

int inset_script_run(lua_State *state, const char *prelude, const char *chunk_name, const char *const *arguments,
                     int argument_count, char **error) {
    *error = NULL;
    int status = luaL_loadbuffer(state, prelude, strlen(prelude), chunk_name);
    if (status == 0) {
        for (int index = 0; index < argument_count; index++) lua_pushstring(state, arguments[index]);
        status = lua_pcall(state, argument_count, 0, 0);
    }
    if (status != 0) {
        const char *message = lua_tostring(state, -1);
        *error = strdup(message != NULL ? message : "an error without a message");
        lua_pop(state, 1);
    }
    return status;
}

void inset_script_interrupt(lua_State *state) {
    // lua_sethook is the one call Lua allows from another thread (lua.c's SIGINT does it);
    // the interpreter runs it at the next instruction (the JIT is off: inset_script_open).
    lua_sethook(state, stop_hook, LUA_MASKCALL | LUA_MASKRET | LUA_MASKCOUNT, 1);
}

void inset_script_close(lua_State *state) { lua_close(state); }

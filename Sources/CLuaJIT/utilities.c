// mp.utils' file primitives, as mpv's lua.c has them: a folder's entries with their kind,
// a path's stat(2), the working directory.
#include "shim.h"
#include <dirent.h>
#include <errno.h>
#include <lauxlib.h>
#include <lua.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

// _inset.readdir(path) -> { {name, kind}, ... } (kind "file", "dir" or "other"), or nil, error
int inset_lua_readdir(lua_State *state) {
    const char *path = luaL_checkstring(state, 1);
    DIR *folder = opendir(path);
    if (folder == NULL) {
        lua_pushnil(state);
        lua_pushstring(state, strerror(errno));
        return 2;
    }
    lua_newtable(state);
    int count = 0;
    struct dirent *entry;
    while ((entry = readdir(folder)) != NULL) {
        if (strcmp(entry->d_name, ".") == 0 || strcmp(entry->d_name, "..") == 0) continue;
        char full[PATH_MAX];
        struct stat facts;
        const char *kind = "other";
        if ((size_t)snprintf(full, sizeof full, "%s/%s", path, entry->d_name) < sizeof full && stat(full, &facts) == 0) {
            kind = S_ISREG(facts.st_mode) ? "file" : S_ISDIR(facts.st_mode) ? "dir" : "other";
        }
        lua_newtable(state);
        lua_pushstring(state, entry->d_name);
        lua_rawseti(state, -2, 1);
        lua_pushstring(state, kind);
        lua_rawseti(state, -2, 2);
        lua_rawseti(state, -2, ++count);
    }
    closedir(folder);
    return 1;
}

static void set_number(lua_State *state, const char *name, double value) {
    lua_pushnumber(state, value);
    lua_setfield(state, -2, name);
}

// _inset.file_info(path) -> mpv's table (mode, size, atime, mtime, ctime, is_file, is_dir), or nil, error
int inset_lua_file_info(lua_State *state) {
    const char *path = luaL_checkstring(state, 1);
    struct stat facts;
    if (stat(path, &facts) != 0) {
        lua_pushnil(state);
        lua_pushstring(state, strerror(errno));
        return 2;
    }
    lua_newtable(state);
    set_number(state, "mode", facts.st_mode);
    set_number(state, "size", (double)facts.st_size);
    set_number(state, "atime", (double)facts.st_atime);
    set_number(state, "mtime", (double)facts.st_mtime);
    set_number(state, "ctime", (double)facts.st_ctime);
    lua_pushboolean(state, S_ISREG(facts.st_mode));
    lua_setfield(state, -2, "is_file");
    lua_pushboolean(state, S_ISDIR(facts.st_mode));
    lua_setfield(state, -2, "is_dir");
    return 1;
}

int inset_lua_getcwd(lua_State *state) {
    char path[PATH_MAX];
    if (getcwd(path, sizeof path) == NULL) {
        lua_pushnil(state);
        lua_pushstring(state, strerror(errno));
        return 2;
    }
    lua_pushstring(state, path);
    return 1;
}

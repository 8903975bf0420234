#ifndef INSET_CLUAJIT_SHIM_H
#define INSET_CLUAJIT_SHIM_H

// A script's Lua state (LuaJIT) and the few primitives mpv's `mp` API is written over in
// Lua (InsetScripts' prelude): a call into the player and a wait for its next event, both
// as JSON text through the host's two callbacks, the clock, and the file and process
// helpers of mp.utils. Swift sees only these declarations: the Lua API is macros and
// longjmps, which stay on this side (state.c, utilities.c, subprocess.c).
#include <stddef.h>

typedef struct lua_State lua_State;

// The player's answer to a request (mpv's command array, as JSON): mpv's reply object as
// JSON, malloc'd, taken and freed by the caller.
typedef char *(*inset_script_call_fn)(void *context, const char *request);
// The next event for the script (mpv's event object as JSON, malloc'd), or NULL when none
// came within `timeout` seconds (negative: wait for one).
typedef char *(*inset_script_wait_fn)(void *context, double timeout);

// A new state with Lua's libraries and the primitives in the global table `_inset`.
lua_State *inset_script_open(void *context, inset_script_call_fn call, inset_script_wait_fn wait);
// Runs `prelude` (named `chunk_name`) with the given arguments; it loads the script and
// runs its event loop until shutdown. 0 when it ended well; otherwise *error holds the
// message (malloc'd).
int inset_script_run(lua_State *state, const char *prelude, const char *chunk_name, const char *const *arguments,
                     int argument_count, char **error);
// From any thread: the script stops at its next hook with an error ("stopped").
void inset_script_interrupt(lua_State *state);
void inset_script_close(lua_State *state);
// The calling thread's id and CPU clock (priority.c), and that clock read from any
// thread: how long a script has run without waiting.
long inset_script_thread_id(void);
int inset_script_cpu_clock(void);
double inset_script_cpu_seconds(int clock);
// A thread's priority lowered (nice 19), so a busy script gets what the player's threads leave.
void inset_script_lower_priority(long thread);

// The primitives of mp.utils, registered by inset_script_open (utilities.c, subprocess.c).
int inset_lua_readdir(lua_State *state);
int inset_lua_file_info(lua_State *state);
int inset_lua_getcwd(lua_State *state);
int inset_lua_subprocess(lua_State *state);

// LuaJIT's version string ("LuaJIT 2.1.0-beta3"), from the headers it was built with.
const char *inset_luajit_version(void);

#endif

// LuaJIT's version as its headers name it (`inset doctor`'s library line).
#include "shim.h"
#include <luajit.h>

const char *inset_luajit_version(void) { return LUAJIT_VERSION; }

extension ScriptPrelude {
    /// Timers, mp.msg, mp.options, mp.utils, then the script and its event loop.
    static let modules = #"""
-- Timers, run by the event loop between events (mpv's defaults.lua: the same shape).
local timer_class = {}
timer_class.__index = timer_class
function timer_class:kill()
    self._due = nil
    self._left = nil
end
timer_class.stop = function(self)
    self._left = self._due and math.max(0, self._due - mp.get_time()) or nil
    self._due = nil
end
function timer_class:resume()
    if self._due then return end
    self._due = mp.get_time() + (self._left or self.timeout)
    self._left = nil
end
function timer_class:is_enabled() return self._due ~= nil end
local function add_timer(seconds, fn, oneshot)
    local timer = setmetatable({ timeout = seconds, oneshot = oneshot, cb = fn }, timer_class)
    mp._timers[timer] = true
    timer:resume()
    return timer
end
function mp.add_timeout(seconds, fn) return add_timer(seconds, fn, true) end
function mp.add_periodic_timer(seconds, fn) return add_timer(seconds, fn, false) end
-- Runs the timers due; returns the seconds until the next, or nil.
function mp._run_timers()
    local now = mp.get_time()
    local due = {}
    for timer in pairs(mp._timers) do
        if timer._due and timer._due <= now then due[#due + 1] = timer end
    end
    table.sort(due, function(a, b) return a._due < b._due end)
    for _, timer in ipairs(due) do
        if timer.oneshot then timer._due = nil else timer._due = now + timer.timeout end
        timer.cb()
    end
    local soonest
    for timer in pairs(mp._timers) do
        if timer._due and (not soonest or timer._due < soonest) then soonest = timer._due end
    end
    return soonest and math.max(0, soonest - mp.get_time()) or nil
end
-- mp.msg, mp.options, mp.utils.
local msg = {}
local function say(level, ...)
    local parts = {}
    for index = 1, select('#', ...) do parts[index] = tostring((select(index, ...))) end
    inset.call(json.encode({ 'inset-log', level, table.concat(parts, ' ') }))
end
msg.log = say
for _, level in ipairs({ 'fatal', 'error', 'warn', 'info', 'verbose', 'debug', 'trace' }) do
    msg[level] = function(...) say(level == 'verbose' and 'v' or level, ...) end
end
print = function(...) msg.info(...) end

local options = {}
-- A value given as text, in the type of the option's default (mpv's options.lua).
local function typed(text, default)
    local kind = type(default)
    if kind == 'boolean' then
        if text == 'yes' or text == 'true' then return true end
        if text == 'no' or text == 'false' then return false end
        return nil
    elseif kind == 'number' then return tonumber(text)
    elseif kind == 'string' then return text end
    return nil
end
-- As mpv's options.lua: the defaults, `script-opts/NAME.conf`, then `script-opts`; with
-- on_update, `options/script-opts` observed, and on each change the options read again over
-- the defaults and the conf file, those that changed copied into the table and given to
-- on_update as a set of keys.
function options.read_options(table_, identifier, on_update)
    identifier = identifier or mp.get_script_name()
    local defaults = {}
    for key, value in pairs(table_) do defaults[key] = value end
    local function take(key, text, where, into)
        if defaults[key] == nil then
            msg.warn(where .. ': unknown key "' .. key .. '", ignored')
            return
        end
        local value = typed(text, defaults[key])
        if value == nil then
            msg.error(where .. ': "' .. tostring(text) .. '" is not a ' .. type(defaults[key]) .. ' for ' .. key)
        else
            into[key] = value
        end
    end
    if config_folder ~= '' then
        local path = config_folder .. '/script-opts/' .. identifier .. '.conf'
        local file = io.open(path, 'r')
        if file then
            local number = 0
            for line in file:lines() do
                number = number + 1
                line = line:gsub('\r$', '')
                if line:find('%S') and not line:find('^%s*#') then
                    local key, text = line:match('^%s*([^=]-)%s*=(.*)$')
                    if key then take(key, text, path .. ':' .. number, table_)
                    else msg.error(path .. ':' .. number .. ': not key=value') end
                end
            end
            file:close()
        end
    end
    local from_file = {}
    for key, value in pairs(table_) do from_file[key] = value end
    local prefix = identifier .. '-'
    local function parse(given, into)
        for key, text in pairs(type(given) == 'table' and given or {}) do
            if type(key) == 'string' and key:sub(1, #prefix) == prefix then
                take(key:sub(#prefix + 1), tostring(text), 'script-opts', into)
            end
        end
    end
    parse(script_opts, table_)
    if not on_update then return end
    local last = {}
    for key, value in pairs(table_) do last[key] = value end
    mp.observe_property('options/script-opts', 'native', function(_, given)
        local fresh = {}
        for key, value in pairs(from_file) do fresh[key] = value end
        parse(given, fresh)
        local changed = {}
        for key, value in pairs(fresh) do
            if last[key] ~= value then
                table_[key] = value
                changed[key] = true
            end
        end
        last = fresh
        if next(changed) ~= nil then on_update(changed) end
    end)
end

local utils = {}
function utils.getcwd() return inset.getcwd() end
function utils.file_info(path) return inset.file_info(path) end
function utils.readdir(path, filter)
    local entries, problem = inset.readdir(path)
    if not entries then return nil, problem end
    filter = filter or 'normal'
    local names = {}
    for _, entry in ipairs(entries) do
        local name, kind = entry[1], entry[2]
        if filter == 'all' or (filter == 'files' and kind == 'file') or (filter == 'dirs' and kind == 'dir')
            or (filter == 'normal' and kind ~= 'other') then
            names[#names + 1] = name
        end
    end
    table.sort(names)
    return names
end
function utils.split_path(path)
    local folder, file = path:match('^(.*/)([^/]*)$')
    if not folder then return '.', path end
    return folder, file
end
function utils.join_path(first, second)
    if second:sub(1, 1) == '/' or first == '' then return second end
    if first:sub(-1) == '/' then return first .. second end
    return first .. '/' .. second
end
function utils.parse_json(text, trail) return json.decode(text, trail) end
function utils.format_json(value) return json.encode(value) end
function utils.to_string(value) return json.encode(value) or tostring(value) end
function utils.getpid() return mp.get_property_number('pid') end
utils.get_env_list = mp._env_list
-- mpv's subprocess: { args, capture_stdout, capture_stderr, max_size, playback_only, cancellable }.
-- utils.subprocess captures standard output unless told not to; the command (`name =
-- 'subprocess'`) only when told to, as in mpv.
function utils.subprocess(t, command)
    local status, out, err = inset.subprocess(t.args or {}, t.max_size or t.capture_size)
    if status == nil then
        return { status = -1, stdout = '', stderr = '', error_string = out, killed_by_us = false }
    end
    local keep_out = t.capture_stdout == true or (not command and t.capture_stdout ~= false)
    return { status = status, stdout = keep_out and out or nil, stderr = t.capture_stderr and err or nil,
        error_string = status == 127 and 'init' or '', killed_by_us = false }
end
function utils.subprocess_detached(t)
    local words = {}
    for index, arg in ipairs(t.args or {}) do words[index] = "'" .. tostring(arg):gsub("'", "'\\''") .. "'" end
    os.execute(table.concat(words, ' ') .. ' </dev/null >/dev/null 2>&1 &')
end
-- The script, then its events until shutdown.
mp.msg, mp.options, mp.utils = msg, options, utils
package.loaded['mp'] = mp
package.loaded['mp.msg'] = msg
package.loaded['mp.options'] = options
package.loaded['mp.utils'] = utils
_G.mp = mp
if config_folder ~= '' then package.path = config_folder .. '/scripts/modules.lua/?.lua;' .. package.path end
if script_folder then package.path = script_folder .. '/?.lua;' .. package.path end

local function dispatch(event)
    local name = event.event
    if name == 'property-change' then
        local observed = mp._properties[event.id]
        if not observed then return end
        local value = event.data
        if observed.kind == 'number' then value = tonumber(value)
        elseif observed.kind == 'bool' or observed.kind == 'boolean' then value = value == true
        elseif observed.kind == 'string' then value = value ~= nil and tostring(value) or nil
        elseif observed.kind == nil or observed.kind == 'none' then value = nil end
        observed.fn(event.name, value)
        return
    end
    if name == 'client-message' then
        local args = event.args or {}
        local fn = mp._messages[args[1]]
        if fn then fn(unpack(args, 2)) end
        return
    end
    mp._run_hooks(name, 'before')
    for _, fn in ipairs(mp._handlers[name] or {}) do fn(event) end
    mp._run_hooks(name, 'after')
end

local chunk, problem = loadfile(script_path)
if not chunk then error(problem, 0) end
chunk()
while true do
    local delay = mp._run_timers()
    local text = inset.wait(delay or -1)
    if text then
        local event = json.decode(text)
        -- `inset keys` has read the bindings: the script goes without its shutdown handlers.
        if event and event.event == 'inset-leave' then break end
        if event then dispatch(event) end
        if event and event.event == 'shutdown' then break end
    end
    for _, fn in ipairs(mp._idle) do fn() end
end
"""#
}

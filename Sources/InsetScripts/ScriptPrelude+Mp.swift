extension ScriptPrelude {
    /// The `mp` table: properties, commands, observations, events, key bindings, the OSD.
    static let mpTable = #"""
-- The `mp` table, over `call` (a request to the player, answered as mpv's IPC answers).
local mp = { _handlers = {}, _properties = {}, _bindings = {}, _messages = {}, _timers = {}, _idle = {} }
local next_id = 0
local function request(command)
    local text, problem = json.encode(command)
    if not text then return false, problem end
    local reply = json.decode(inset.call(text)) or { error = 'bad reply' }
    if reply.error == 'success' then return true, reply.data end
    return false, reply.error
end
mp._request = request

function mp.get_script_name() return script_name end
function mp.get_script_directory() return script_folder end
function mp.get_time() return inset.time() end
-- Live, as mpv's: `script-opts` as set now (the given ones where the player does not answer: `inset keys`).
function mp.get_opt(key, def)
    local ok, opts = request({ 'get_property', 'options/script-opts' })
    if not ok or type(opts) ~= 'table' then opts = script_opts end
    local value = opts[key]
    if value == nil then return def end
    return value
end

local function got(ok, data, def)
    if ok then return data end
    if def ~= nil then return def end
    return nil, data
end
function mp.get_property(name, def)
    local ok, data = request({ 'get_property_string', name })
    return got(ok, data, def)
end
mp.get_property_osd = mp.get_property
function mp.get_property_native(name, def)
    local ok, data = request({ 'get_property', name })
    if ok and data == nil then return def end
    return got(ok, data, def)
end
function mp.get_property_number(name, def)
    local ok, data = request({ 'get_property', name })
    if ok and type(data) == 'boolean' then data = data and 1 or 0 end
    if ok then data = tonumber(data) end
    if ok and data == nil then return def end
    return got(ok, data, def)
end
function mp.get_property_bool(name, def)
    local ok, data = request({ 'get_property', name })
    if ok and type(data) == 'string' then data = data == 'yes' or data == 'true' end
    if ok and type(data) ~= 'boolean' then data = nil end
    if ok and data == nil then return def end
    return got(ok, data, def)
end
local function done(ok, problem) if ok then return true end return nil, problem end
function mp.set_property(name, value) return done(request({ 'set_property_string', name, tostring(value) })) end
function mp.set_property_number(name, value) return done(request({ 'set_property', name, tonumber(value) })) end
function mp.set_property_bool(name, value) return done(request({ 'set_property', name, value and true or false })) end
function mp.set_property_native(name, value) return done(request({ 'set_property', name, value })) end

-- input.conf's words: split at spaces, '…' and "…" quoting, \ escapes in "…".
local prefixes = { ['no-osd'] = true, ['osd-auto'] = true, ['osd-bar'] = true, ['osd-msg'] = true, ['osd-msg-bar'] = true,
    ['osd-sym-cc'] = true, expand_properties = true, raw = true, repeatable = true, async = true, sync = true }
local function words_of(line)
    local words, word, quote, in_word, i = {}, {}, nil, false, 1
    while i <= #line do
        local c = line:sub(i, i)
        if quote then
            if c == '\\' and quote == '"' then i = i + 1; word[#word + 1] = line:sub(i, i)
            elseif c == quote then quote = nil
            else word[#word + 1] = c end
        elseif c == '"' or c == "'" then quote = c; in_word = true
        elseif c:match('%s') then
            if in_word then words[#words + 1] = table.concat(word); word = {}; in_word = false end
        else word[#word + 1] = c; in_word = true end
        i = i + 1
    end
    if in_word then words[#words + 1] = table.concat(word) end
    while words[1] and prefixes[words[1]] do table.remove(words, 1) end
    return words
end
mp._words_of = words_of
function mp.command(line)
    for part in (line .. ';'):gmatch('([^;]*);') do
        local words = words_of(part)
        if #words > 0 then
            local ok, problem = request(words)
            if not ok then return nil, problem end
        end
    end
    return true
end
function mp.commandv(...)
    local words = {}
    for index = 1, select('#', ...) do words[index] = tostring((select(index, ...))) end
    return done(request(words))
end
function mp.command_native(command, def)
    if type(command) == 'table' and command.name == 'subprocess' then return mp.utils.subprocess(command, true) end
    if type(command) == 'table' and command.name == 'osd-overlay' then return mp._osd_overlay(command) end
    if type(command) == 'table' and command.name ~= nil then
        return def, 'named arguments are not supported but for subprocess (docs/scripts.md)'
    end
    local ok, data = request(command)
    if ok then return data end
    return def, data
end

function mp.observe_property(name, kind, fn)
    next_id = next_id + 1
    mp._properties[next_id] = { name = name, kind = kind, fn = fn }
    local ok, problem = request({ kind == 'string' and 'observe_property_string' or 'observe_property', next_id, name })
    if not ok then mp._properties[next_id] = nil; return nil, problem end
    return true
end
function mp.unobserve_property(fn)
    for id, observed in pairs(mp._properties) do
        if observed.fn == fn then mp._properties[id] = nil; request({ 'unobserve_property', id }) end
    end
end

function mp.register_event(name, fn)
    mp._handlers[name] = mp._handlers[name] or {}
    table.insert(mp._handlers[name], fn)
    return true
end
function mp.unregister_event(fn)
    for _, list in pairs(mp._handlers) do
        for index = #list, 1, -1 do if list[index] == fn then table.remove(list, index) end end
    end
end

function mp.register_script_message(name, fn) mp._messages[name] = fn end
function mp.unregister_script_message(name) mp._messages[name] = nil end
function mp.register_idle(fn) table.insert(mp._idle, fn) end
function mp.unregister_idle(fn)
    for index = #mp._idle, 1, -1 do if mp._idle[index] == fn then table.remove(mp._idle, index) end end
end

local anonymous = 0
local function bind(forced, key, name, fn, flags)
    if type(name) == 'function' then flags = fn; fn = name; name = nil end
    if not name then anonymous = anonymous + 1; name = '__keybinding' .. anonymous end
    mp._bindings[name] = { fn = fn, complex = type(flags) == 'table' and flags.complex }
    return done(request({ 'inset-bind', key or '', name, forced and 'force' or 'weak' }))
end
function mp.add_key_binding(...) return bind(false, ...) end
function mp.add_forced_key_binding(...) return bind(true, ...) end
function mp.remove_key_binding(name)
    mp._bindings[name] = nil
    request({ 'inset-unbind', name })
end
-- mpv delivers a key to its script as the script message `key-binding`.
mp._messages['key-binding'] = function(name, state, key)
    local binding = mp._bindings[name]
    if not binding then return end
    if binding.complex then
        -- mpv's states: d(own), u(p), r(epeat), p(ress: a key whose up is not known, as
        -- every key from a terminal).
        local states = { d = 'down', u = 'up', r = 'repeat', p = 'press' }
        local text = key and #key == 1 and key or nil
        binding.fn({ event = states[(state or 'p'):sub(1, 1)] or 'press', is_mouse = false, key_name = key,
            key_text = text, canceled = false })
    elseif not state or state:sub(1, 1) ~= 'u' then
        binding.fn()
    end
end

function mp.osd_message(text, duration)
    request({ 'show-text', tostring(text), tostring(math.floor((duration or 1) * 1000)) })
end
"""#
}

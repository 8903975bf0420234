extension ScriptPrelude {
    /// The prelude's start (the script's name, path, config folder and options as its arguments) and JSON.
    static let json = #"""
-- mpv's `mp` API for one script, in Lua over Inset's primitives (`_inset`: call, wait,
-- time, readdir, file_info, getcwd, subprocess); mpv's player/lua/defaults.lua and
-- options.lua are the reference for what each does (docs/scripts.md has the differences).
local inset = _inset
_inset = nil
local script_name, script_path, config_folder, options_json = ...
local script_folder = script_path:match('^(.*)/main%.lua$')
-- JSON, as mp.utils has it and as the player's requests and events travel.
local json = {}
local escapes = { ['"'] = '\\"', ['\\'] = '\\\\', ['\b'] = '\\b', ['\f'] = '\\f', ['\n'] = '\\n', ['\r'] = '\\r', ['\t'] = '\\t' }
local function encode_string(text)
    return '"' .. text:gsub('[%c"\\]', function(c) return escapes[c] or string.format('\\u%04x', c:byte()) end) .. '"'
end
local function is_array(t)
    local count = 0
    for key in pairs(t) do
        if type(key) ~= 'number' or key < 1 or key % 1 ~= 0 then return false end
        count = count + 1
    end
    for index = 1, count do if t[index] == nil then return false end end
    return true
end
local function encode(value, out, depth)
    if depth > 100 then error('format_json: nested too deeply', 0) end
    local kind = type(value)
    if value == nil then out[#out + 1] = 'null'
    elseif kind == 'boolean' then out[#out + 1] = tostring(value)
    elseif kind == 'number' then
        if value ~= value or value == math.huge or value == -math.huge then error('format_json: not a finite number', 0) end
        out[#out + 1] = (value % 1 == 0 and math.abs(value) < 2^53) and string.format('%d', value) or string.format('%.17g', value)
    elseif kind == 'string' then out[#out + 1] = encode_string(value)
    elseif kind == 'table' then
        if is_array(value) then
            out[#out + 1] = '['
            for index = 1, #value do
                if index > 1 then out[#out + 1] = ',' end
                encode(value[index], out, depth + 1)
            end
            out[#out + 1] = ']'
        else
            out[#out + 1] = '{'
            local first = true
            for key, item in pairs(value) do
                if type(key) ~= 'string' then error('format_json: a key that is not a string', 0) end
                if not first then out[#out + 1] = ',' end
                first = false
                out[#out + 1] = encode_string(key)
                out[#out + 1] = ':'
                encode(item, out, depth + 1)
            end
            out[#out + 1] = '}'
        end
    else error('format_json: cannot write a ' .. kind, 0) end
end
function json.encode(value)
    local out = {}
    local ok, problem = pcall(encode, value, out, 0)
    if not ok then return nil, problem end
    return table.concat(out)
end

local function utf8(code)
    if code < 0x80 then return string.char(code) end
    if code < 0x800 then return string.char(0xC0 + math.floor(code / 64), 0x80 + code % 64) end
    if code < 0x10000 then
        return string.char(0xE0 + math.floor(code / 4096), 0x80 + math.floor(code / 64) % 64, 0x80 + code % 64)
    end
    return string.char(0xF0 + math.floor(code / 262144), 0x80 + math.floor(code / 4096) % 64,
        0x80 + math.floor(code / 64) % 64, 0x80 + code % 64)
end
local decode_value
local function skip(text, at) return text:find('[^ \t\r\n]', at) or #text + 1 end
local function decode_string(text, at)
    local parts, start = {}, at + 1
    while true do
        local stop = text:find('["\\]', start)
        if not stop then error('unterminated string', 0) end
        parts[#parts + 1] = text:sub(start, stop - 1)
        if text:sub(stop, stop) == '"' then return table.concat(parts), stop + 1 end
        local c = text:sub(stop + 1, stop + 1)
        local simple = { b = '\b', f = '\f', n = '\n', r = '\r', t = '\t', ['"'] = '"', ['\\'] = '\\', ['/'] = '/' }
        if simple[c] then parts[#parts + 1] = simple[c]; start = stop + 2
        elseif c == 'u' then
            local code = tonumber(text:sub(stop + 2, stop + 5), 16)
            if not code then error('bad \\u escape', 0) end
            start = stop + 6
            if code >= 0xD800 and code < 0xDC00 and text:sub(start, start + 1) == '\\u' then
                local low = tonumber(text:sub(start + 2, start + 5), 16)
                if low and low >= 0xDC00 and low < 0xE000 then
                    code = 0x10000 + (code - 0xD800) * 1024 + (low - 0xDC00)
                    start = start + 6
                end
            end
            parts[#parts + 1] = utf8(code)
        else error('bad escape', 0) end
    end
end
function decode_value(text, at, depth)
    if depth > 100 then error('nested too deeply', 0) end
    at = skip(text, at)
    local c = text:sub(at, at)
    if c == '{' then
        local object = {}
        at = skip(text, at + 1)
        if text:sub(at, at) == '}' then return object, at + 1 end
        while true do
            if text:sub(at, at) ~= '"' then error('expected a key', 0) end
            local key
            key, at = decode_string(text, at)
            at = skip(text, at)
            if text:sub(at, at) ~= ':' then error('expected :', 0) end
            object[key], at = decode_value(text, at + 1, depth + 1)
            at = skip(text, at)
            local sep = text:sub(at, at)
            if sep == '}' then return object, at + 1 end
            if sep ~= ',' then error('expected , or }', 0) end
            at = skip(text, at + 1)
        end
    elseif c == '[' then
        local array, count = {}, 0
        at = skip(text, at + 1)
        if text:sub(at, at) == ']' then return array, at + 1 end
        while true do
            count = count + 1
            array[count], at = decode_value(text, at, depth + 1)
            at = skip(text, at)
            local sep = text:sub(at, at)
            if sep == ']' then return array, at + 1 end
            if sep ~= ',' then error('expected , or ]', 0) end
            at = at + 1
        end
    elseif c == '"' then return decode_string(text, at)
    elseif text:sub(at, at + 3) == 'true' then return true, at + 4
    elseif text:sub(at, at + 4) == 'false' then return false, at + 5
    elseif text:sub(at, at + 3) == 'null' then return nil, at + 4
    else
        local number = text:match('^-?%d+%.?%d*[eE]?[-+]?%d*', at)
        if not number or number == '' or not tonumber(number) then error('unexpected text at ' .. at, 0) end
        return tonumber(number), at + #number
    end
end
-- The value, and the text after it when `trail` (mpv's parse_json), or nil and the error.
function json.decode(text, trail)
    if type(text) ~= 'string' then return nil, 'not a string' end
    local ok, value, at = pcall(decode_value, text, 1, 0)
    if not ok then return nil, value end
    at = skip(text, at)
    if trail then return value, nil, text:sub(at) end
    if at <= #text then return nil, 'trailing text' end
    return value
end
local script_opts = json.decode(options_json) or {}
"""#
}

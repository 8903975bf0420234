-- Follows its options while playing, as scripts with an on_update callback do (mpv's
-- options.lua): `ready` once its options are read, then, when script-opts changes
-- (change-list script-opts append …), the keys that changed and the new values, to the
-- report file (--script-opts=options_update-file=PATH); then the player quits.
local mp = require('mp')
local options = { file = '', op_end = 0, title = 'none' }

local function note(text)
    local file = io.open(options.file, 'a')
    file:write(text, '\n')
    file:close()
end

require('mp.options').read_options(options, 'options_update', function(changed)
    local keys = {}
    for key in pairs(changed) do keys[#keys + 1] = key end
    table.sort(keys)
    note('changed ' .. table.concat(keys, ',') .. ' op_end ' .. tostring(options.op_end) .. ' title ' .. options.title)
    mp.command('quit')
end)
note('ready')

-- A history line each time the player pauses or plays: `pause yes FILE` / `pause no FILE`
-- appended to the file given by --script-opts=pause-history-file=PATH.
local options = { file = '' }
require('mp.options').read_options(options)

mp.observe_property('pause', 'bool', function(_, paused)
    if paused == nil then return end
    local file = io.open(options.file, 'a')
    file:write('pause ', paused and 'yes' or 'no', ' ', mp.get_property('filename', '?'), '\n')
    file:close()
end)

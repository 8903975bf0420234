-- A history line each time the player pauses or plays: `pause yes FILE` / `pause no FILE`
-- appended to the file given by --script-opts=pause_history-file=PATH (mpv names
-- the script pause_history).
local options = { file = '' }
require('mp.options').read_options(options)

local loaded, last = false, nil
local function note(paused)
    if paused == nil or paused == last then return end
    last = paused
    local file = io.open(options.file, 'a')
    file:write('pause ', paused and 'yes' or 'no', ' ', mp.get_property('filename', '?'), '\n')
    file:close()
end

-- From the file's loading on: before it, what plays is not known (mpv and Inset may say
-- the first `pause` either side of it).
mp.register_event('file-loaded', function()
    loaded = true
    note(mp.get_property_bool('pause'))
end)
mp.observe_property('pause', 'bool', function(_, paused)
    if loaded then note(paused) end
end)

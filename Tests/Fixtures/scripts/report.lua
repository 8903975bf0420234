-- The tests' witness beside the script under test: after the first seek, the position
-- (whole seconds) and the playlist, written to --script-opts=report-file=PATH; then, when
-- `report-quit` is yes, the player quits. A `script-message report NAME` writes NAME.
local options = { file = '', quit = true }
require('mp.options').read_options(options, 'report')

local function note(text)
    local file = io.open(options.file, 'a')
    file:write(text, '\n')
    file:close()
end

local seeking = false
mp.register_event('seek', function() seeking = true end)
mp.observe_property('time-pos', 'number', function(_, now)
    if not seeking or not now then return end
    seeking = false
    note('position ' .. math.floor(now))
    if options.quit then mp.command('quit') end
end)
mp.register_script_message('playlist-ready', function(count)
    note('playlist ' .. count)
    for _, entry in ipairs(mp.get_property_native('playlist', {})) do
        note('entry ' .. entry.filename:match('[^/]*$'))
    end
    mp.command('quit')
end)

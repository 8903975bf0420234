-- Loads the rest of the folder as a playlist, as mpv's autoload.lua does (shortened):
-- at the first file, the folder's other videos are appended in name order.
local utils = require('mp.utils')
local done = false

mp.register_event('file-loaded', function()
    if done then return end
    done = true
    local path = mp.get_property('path')
    local folder, name = utils.split_path(path)
    local files = utils.readdir(folder, 'files') or {}
    table.sort(files)
    for _, file in ipairs(files) do
        if file ~= name and (file:match('%.mp4$') or file:match('%.mkv$')) then
            mp.commandv('loadfile', utils.join_path(folder, file), 'append')
        end
    end
    mp.add_timeout(0.2, function()
        mp.commandv('script-message', 'playlist-ready', tostring(mp.get_property_number('playlist-count')))
    end)
end)

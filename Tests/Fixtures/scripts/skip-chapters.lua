-- Skips each chapter whose title matches a pattern (as the public "skip intro/recap"
-- scripts do): on a new chapter, a title matching `skip_chapters-titles` (Lua patterns
-- separated by ;) jumps to the next chapter's start.
local options = { titles = '^Opening$;^Recap' }
require('mp.options').read_options(options)

mp.observe_property('chapter', 'number', function(_, index)
    if not index or index < 0 then return end
    local chapters = mp.get_property_native('chapter-list', {})
    local current = chapters[index + 1]
    if not current then return end
    for pattern in options.titles:gmatch('[^;]+') do
        if (current.title or ''):find(pattern) then
            local following = chapters[index + 2]
            mp.msg.info('skipping chapter "' .. current.title .. '"')
            if following then mp.set_property_number('time-pos', following.time) else mp.command('playlist-next') end
            return
        end
    end
end)

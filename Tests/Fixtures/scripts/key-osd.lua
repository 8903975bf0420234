-- A key that shows a message: `k` puts "hello from lua" on the OSD and notes the press.
local utils = require('mp.utils')
local options = { file = '' }
require('mp.options').read_options(options, 'report')

mp.add_key_binding('k', 'say-hello', function()
    mp.osd_message('hello from lua', 5)
    local file = io.open(options.file, 'a')
    file:write('key k pressed at ', mp.get_property('filename'), '\n')
    file:close()
end)

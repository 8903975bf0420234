-- Skips the opening as ani-skip's skip.lua does (ani-cli --skip passes
-- --script-opts=skip-op_start=…,skip-op_end=…): the same options, the same observation and
-- jump, written again here for Inset's tests.
local mp = require('mp')
local options = { op_start = 0, op_end = 0, ed_start = 0, ed_end = 0 }
require('mp.options').read_options(options, 'skip')

local function skip()
    local now = mp.get_property_number('time-pos')
    if not now then return end
    if now >= options.op_start and now < options.op_end then
        mp.set_property_number('time-pos', options.op_end)
    end
    if now >= options.ed_start and now < options.ed_end then
        mp.set_property_number('time-pos', options.ed_end)
    end
end

mp.observe_property('time-pos', 'number', skip)

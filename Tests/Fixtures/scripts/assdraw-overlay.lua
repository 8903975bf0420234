-- Builds an overlay with mpv's assdraw (a label, a rounded box, a hexagon, a curve) and
-- shows it (mp.set_osd_ass), as OSC-like scripts do; its ASS text goes to the report file
-- (--script-opts=assdraw_overlay-file=PATH), events split at '|', then the player quits.
local mp = require('mp')
local assdraw = require('mp.assdraw')
local options = { file = '' }
require('mp.options').read_options(options, 'assdraw_overlay')

local ass = assdraw.ass_new()
ass:new_event()
ass:pos(10.5, 20)
ass:an(7)
ass:append('{\\fs24}Skip intro?')
ass:new_event()
ass:draw_start()
ass:round_rect_cw(0, 0, 100.25, 40, 5)
ass:round_rect_ccw(0, 0, 50, 20, 4, 0)
ass:rect_cw(1, 2, 3, 4)
ass:rect_ccw(1, 2, 3, 4)
ass:hexagon_cw(0, 0, 60, 20, 10)
ass:hexagon_ccw(0, 0, 0, 20, 10, 5)
ass:bezier_curve(1, 1, 2.5, 2, 3, 3)
local other = assdraw.ass_new()
other.scale = 1
other:move_to(-1.5, 0.2)
other:line_to(3, 4)
ass:merge(other)
ass:draw_stop()

mp.register_event('file-loaded', function()
    mp.set_osd_ass(1280, 720, ass.text)
    local file = io.open(options.file, 'a')
    file:write((ass.text:gsub('\n', '|')), '\n')
    file:close()
    mp.command('quit')
end)

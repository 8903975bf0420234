extension ScriptPrelude {
    /// `require 'mp.assdraw'`: mpv's builder of ASS text and vector drawings for OSD overlays
    /// (`ass_new`, `draw_start`, `move_to`, `line_to`, `rect_cw`, `round_rect_cw`…), giving
    /// mpv's text for the same calls (DirectorScriptsVersusMpvTests compares them). What Inset
    /// shows of an overlay is its text on the bar; a drawing is dropped (docs/scripts.md).
    /// Loaded only when a script requires it, so it costs the others nothing.
    static let assdraw = #"""
package.preload['mp.assdraw'] = function()
    local builder = {}
    builder.__index = builder
    -- How far a cubic Bézier's control points sit along a quarter circle's tangents.
    local kappa = 0.551915024494

    function builder.new_event(self)
        -- mpv's OSD makes one ASS event of each line.
        if #self.text > 0 then self.text = self.text .. '\n' end
    end
    function builder.draw_start(self) self.text = self.text .. string.format('{\\p%d}', self.scale) end
    function builder.draw_stop(self) self.text = self.text .. '{\\p0}' end
    -- A point in the drawing's own units: \pN draws at 2^(N-1) units a pixel.
    function builder.coord(self, x, y)
        local units = 2 ^ (self.scale - 1)
        self.text = string.format('%s %d %d', self.text, math.ceil(x * units), math.ceil(y * units))
    end
    function builder.append(self, text) self.text = self.text .. text end
    function builder.merge(self, other) self.text = self.text .. other.text end
    function builder.pos(self, x, y) self:append(string.format('{\\pos(%f,%f)}', x, y)) end
    function builder.an(self, alignment) self:append(string.format('{\\an%d}', alignment)) end
    function builder.move_to(self, x, y) self:append(' m'); self:coord(x, y) end
    function builder.line_to(self, x, y) self:append(' l'); self:coord(x, y) end
    function builder.bezier_curve(self, x1, y1, x2, y2, x3, y3)
        self:append(' b')
        self:coord(x1, y1)
        self:coord(x2, y2)
        self:coord(x3, y3)
    end

    function builder.rect_cw(self, x0, y0, x1, y1)
        self:move_to(x0, y0); self:line_to(x1, y0); self:line_to(x1, y1); self:line_to(x0, y1)
    end
    function builder.rect_ccw(self, x0, y0, x1, y1)
        self:move_to(x0, y0); self:line_to(x0, y1); self:line_to(x1, y1); self:line_to(x1, y0)
    end

    -- A box with its left corners cut by r1 and its right ones by r2 (a point when the
    -- box has no width).
    function builder.hexagon_cw(self, x0, y0, x1, y1, r1, r2)
        r2 = r2 or r1
        self:move_to(x0 + r1, y0)
        if x0 ~= x1 then self:line_to(x1 - r2, y0) end
        self:line_to(x1, y0 + r2)
        if x0 ~= x1 then self:line_to(x1 - r2, y1) end
        self:line_to(x0 + r1, y1)
        self:line_to(x0, y0 + r1)
    end
    function builder.hexagon_ccw(self, x0, y0, x1, y1, r1, r2)
        r2 = r2 or r1
        self:move_to(x0 + r1, y0)
        self:line_to(x0, y0 + r1)
        self:line_to(x0 + r1, y1)
        if x0 ~= x1 then self:line_to(x1 - r2, y1) end
        self:line_to(x1, y0 + r2)
        if x0 ~= x1 then self:line_to(x1 - r2, y0) end
    end

    -- A box with its left corners rounded by r1 and its right ones by r2, clockwise from
    -- the top left, or anticlockwise.
    function builder.round_rect_cw(self, x0, y0, x1, y1, r1, r2)
        r2 = r2 or r1
        local k1, k2 = kappa * r1, kappa * r2
        self:move_to(x0 + r1, y0)
        self:line_to(x1 - r2, y0)
        if r2 > 0 then self:bezier_curve(x1 - r2 + k2, y0, x1, y0 + r2 - k2, x1, y0 + r2) end
        self:line_to(x1, y1 - r2)
        if r2 > 0 then self:bezier_curve(x1, y1 - r2 + k2, x1 - r2 + k2, y1, x1 - r2, y1) end
        self:line_to(x0 + r1, y1)
        if r1 > 0 then self:bezier_curve(x0 + r1 - k1, y1, x0, y1 - r1 + k1, x0, y1 - r1) end
        self:line_to(x0, y0 + r1)
        if r1 > 0 then self:bezier_curve(x0, y0 + r1 - k1, x0 + r1 - k1, y0, x0 + r1, y0) end
    end
    function builder.round_rect_ccw(self, x0, y0, x1, y1, r1, r2)
        r2 = r2 or r1
        local k1, k2 = kappa * r1, kappa * r2
        self:move_to(x0 + r1, y0)
        if r1 > 0 then self:bezier_curve(x0 + r1 - k1, y0, x0, y0 + r1 - k1, x0, y0 + r1) end
        self:line_to(x0, y1 - r1)
        if r1 > 0 then self:bezier_curve(x0, y1 - r1 + k1, x0 + r1 - k1, y1, x0 + r1, y1) end
        self:line_to(x1 - r2, y1)
        if r2 > 0 then self:bezier_curve(x1 - r2 + k2, y1, x1, y1 - r2 + k2, x1, y1 - r2) end
        self:line_to(x1, y0 + r2)
        if r2 > 0 then self:bezier_curve(x1, y0 + r2 - k2, x1 - r2 + k2, y0, x1 - r2, y0) end
    end

    -- A drawing at 2^(4-1) = 8 units a pixel, as mpv's.
    return { ass_new = function() return setmetatable({ scale = 4, text = '' }, builder) end }
end

"""#
}

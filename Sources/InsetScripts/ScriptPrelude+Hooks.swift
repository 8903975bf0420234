extension ScriptPrelude {
    /// mpv's hooks and OSD overlays (defaults.lua's `add_hook`, `create_osd_overlay`,
    /// `set_osd_ass`), over the events and the `osd-overlay` command. Inset's player does not
    /// wait for a hook: each runs on the script's thread as its event comes, and continues
    /// when its function returns (or at `hook:cont()` after `hook:defer()`), as in mpv, but
    /// the file goes on meanwhile (docs/scripts.md).
    static let hooks = #"""
-- Hooks by event: those run before the event's handlers, and after them.
local hook_order = {
    ['start-file'] = { before = { 'on_before_start_file' }, after = { 'on_load' } },
    ['file-loaded'] = { before = { 'on_preloaded' }, after = {} },
    ['end-file'] = { before = { 'on_unload' }, after = { 'on_after_end_file' } },
}
mp._hooks = {}
local hook_count = 0
local hook_class = {}
hook_class.__index = hook_class
function hook_class:defer() self._deferred = true end
function hook_class:cont()
    if self._continued then mp.msg.error('hook already continued'); return end
    self._continued = true
end
function mp.add_hook(name, priority, fn)
    if type(fn) ~= 'function' then error('mp.add_hook: no function given for ' .. tostring(name), 2) end
    hook_count = hook_count + 1
    mp._hooks[name] = mp._hooks[name] or {}
    table.insert(mp._hooks[name], { priority = tonumber(priority) or 50, order = hook_count, fn = fn })
    table.sort(mp._hooks[name], function(a, b)
        if a.priority ~= b.priority then return a.priority < b.priority end
        return a.order < b.order
    end)
end
-- The hooks of `event`'s `side` ('before' or 'after'), in priority order; each continues when
-- its function returns, unless deferred.
function mp._run_hooks(event, side)
    local names = hook_order[event] and hook_order[event][side] or {}
    for _, name in ipairs(names) do
        for _, hook in ipairs(mp._hooks[name] or {}) do
            local object = setmetatable({ _deferred = false, _continued = false }, hook_class)
            hook.fn(object)
            if not object._deferred and not object._continued then object:cont() end
        end
    end
end

local overlay_class = {}
overlay_class.__index = overlay_class
local overlay_count = 0
function mp.create_osd_overlay(format)
    overlay_count = overlay_count + 1
    return setmetatable({ format = format, id = overlay_count, data = '', res_x = 0, res_y = 720, z = 0, hidden = false },
        overlay_class)
end
function overlay_class:update()
    return mp.command_native({ name = 'osd-overlay', id = self.id, format = self.format, data = self.data,
        res_x = math.floor(self.res_x), res_y = math.floor(self.res_y), z = self.z, hidden = self.hidden })
end
function overlay_class:remove()
    mp.command_native({ name = 'osd-overlay', id = self.id, format = 'none', data = '' })
end
function mp.set_osd_ass(res_x, res_y, data)
    mp._osd_ass = mp._osd_ass or mp.create_osd_overlay('ass-events')
    mp._osd_ass.res_x, mp._osd_ass.res_y, mp._osd_ass.data = res_x, res_y, data
    mp._osd_ass:update()
end
-- mpv's osd-overlay command, named arguments made positional for the player.
function mp._osd_overlay(t)
    local ok, data = mp._request({ 'osd-overlay', tostring(t.id or 0), tostring(t.format or 'none'), tostring(t.data or ''),
        tostring(t.res_x or 0), tostring(t.res_y or 720), tostring(t.z or 0), t.hidden and 'yes' or 'no' })
    if ok then return data or {} end
    return nil, data
end

"""#
}

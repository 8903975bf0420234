extension ScriptPrelude {
    /// The small calls of mpv's API that popular scripts make beside the main ones (po5's
    /// sponsorblock.lua: `command_native_async`, `expand-path`; hacel's recent.lua:
    /// `find_config_file`; `utils.get_env_list`), written over what the prelude already has. Run after `mpTable`
    /// and `modules`' helpers exist, before the script. docs/scripts.md lists them.
    static let extras = #"""
do
    -- mpv's config folder is Inset's here: `~~home/` and `~~/` name it, `~/` the home folder.
    local function expand(path)
        path = tostring(path or '')
        local home = os.getenv('HOME') or ''
        if config_folder ~= '' then
            local rest = path:match('^~~home/(.*)$') or path:match('^~~/(.*)$')
            if rest then return config_folder .. '/' .. rest end
            if path == '~~home' or path == '~~' then return config_folder end
        end
        local rest = path:match('^~/(.*)$')
        if rest and home ~= '' then return home .. '/' .. rest end
        return path
    end
    mp._expand_path = expand

    -- A file of the config folder (`script-opts/NAME.conf`, `history.log`), or nil when it is not there.
    function mp.find_config_file(name)
        if config_folder == '' then return nil end
        local path = config_folder .. '/' .. tostring(name)
        local file = io.open(path, 'r')
        if not file then return nil end
        file:close()
        return path
    end

    local native = mp.command_native
    function mp.command_native(command, def)
        if type(command) == 'table' and (command[1] == 'expand-path' or command.name == 'expand-path') then
            return expand(command[2] or command.path)
        end
        return native(command, def)
    end

    -- Run at once (the script's thread waits, as for command_native); the callback comes
    -- from the event loop, as mpv's does, unless aborted first.
    local async_count = 0
    function mp.command_native_async(command, fn)
        async_count = async_count + 1
        local id = { id = async_count }
        local result, problem = mp.command_native(command)
        id._timer = mp.add_timeout(0, function()
            if fn then fn(problem == nil, result, problem) end
        end)
        return id
    end
    function mp.abort_async_command(id)
        if type(id) == 'table' and id._timer then id._timer:kill() end
    end

    -- The environment as `NAME=VALUE` strings (Linux's /proc).
    function mp._env_list()
        local list = {}
        local file = io.open('/proc/self/environ', 'rb')
        if not file then return list end
        for entry in file:read('*a'):gmatch('([^%z]+)') do list[#list + 1] = entry end
        file:close()
        return list
    end
end

"""#
}

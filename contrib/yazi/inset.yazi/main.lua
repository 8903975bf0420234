-- yazi previewer plugin: the hovered video plays, silent and looping, in the preview
-- pane. yazi calls peek(job) with the pane's rectangle (job.area, in cells) and aborts the
-- task when the hover moves, killing its children with SIGKILL: the player is this task's
-- child, drawing on the terminal yazi draws on (its standard output, inherited), and
-- its guard erases the rectangle the moment it is killed. seek(job) (the preview's
-- scroll keys) starts it again further into the file.
local M = {}

local socket = (os.getenv("XDG_RUNTIME_DIR") or "/tmp") .. "/yazi-inset.sock"

function M:peek(job)
	local a = job.area
	-- 10 % into the file, then 5 % further for each step the preview was scrolled.
	local percent = math.min(90, 10 + 5 * (job.skip or 0))
	ya.preview_widgets(job, {})
	local child = Command("inset")
		:arg({
			"--embed", string.format("%dx%d+%d+%d", a.w, a.h, a.x, a.y),
			"--socket", socket,
			"--start", string.format("%d%%", percent),
			tostring(job.file.url),
		})
		:stdin(Command.NULL)
		:stdout(Command.INHERIT)
		:stderr(Command.NULL)
		:spawn()
	-- Held until yazi aborts the preview: the player loops until it is killed.
	if child then
		child:wait()
	end
end

function M:seek(job)
	local h = cx.active.current.hovered
	if h and h.url == job.file.url then
		local step = job.units > 0 and 1 or -1
		ya.mgr_emit("peek", { math.max(0, cx.active.preview.skip + step), only_if = job.file.url })
	end
end

return M

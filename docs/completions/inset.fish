function __inset_should_offer_completions_for_flags_or_options -a expected_commands
    set -l non_repeating_flags_or_options $argv[2..]
    set -l non_repeating_flags_or_options_absent 0
    set -l positional_index 0
    set -l commands
    __inset_parse_tokens
    test "$commands" = "$expected_commands"; and return $non_repeating_flags_or_options_absent
end

function __inset_should_offer_completions_for_positional -a expected_commands positional_index_comparison expected_positional_index
    set -l non_repeating_flags_or_options
    set -l non_repeating_flags_or_options_absent 0
    set -l positional_index 0
    set -l commands
    __inset_parse_tokens
    test "$commands" = "$expected_commands" -a \( "$positional_index" "$positional_index_comparison" "$expected_positional_index" \)
end

function __inset_parse_tokens -S
    set -l unparsed_tokens (__inset_tokens -pc)
    switch $unparsed_tokens[1]
    case 'inset'
        __inset_parse_subcommand 0 'version' 'h/help'
        switch $unparsed_tokens[1]
        case 'play'
            __inset_parse_subcommand -r 1 'pip' 'shell' 'prefix=' 'colors=' 'stats' 'loop' 'start=' 'no-advance' 'shuffle' 'loop-playlist' 'no-resume' 'linear=' 'no-pip' 'no-auto-pip' 'pip-saver' 'threads=' 'blitter=' 'graphics=' 'mute' 'volume=' 'speed=' 'sub=' 'sub-lang=' 'sub-charset=' 'audio-lang=' 'audio-file=' 'config=' 'no-config' 'socket=' 'screenshot-dir=' 'ytdl=' 'ytdl-path=' 'ytdl-format=' 'ytdl-raw-options=' 'ytdl-playlist' 'title=' 'user-agent=' 'referrer=' 'http-header-fields=' 'end=' 'loop-file=' 'no-video' 'pause=' 'idle' 'keep-open' 'no-terminal' 'no-input-terminal' 'audio-delay=' 'audio-device=' 'window-volume=' 'gapless-audio=' 'visualizer=' 'embed=' 'embed-keys' 'tty=' 'length=' 'no-audio' 'link-rate=' 'save-position-on-quit' 'watch-later-directory=' 'write-filename-in-watch-later-config' 'version' 'h/help'
        case 'probe'
            __inset_parse_subcommand 1 'json' 'version' 'h/help'
        case 'probe-terminal'
            __inset_parse_subcommand 0 'timeout=' 'version' 'h/help'
        case 'bench'
            __inset_parse_subcommand 1 'stage=' 'frames=' 'threads=' 'size=' 'colors=' 'blitter=' 'json' 'version' 'h/help'
        case 'cat'
            __inset_parse_subcommand 1 'at=' 'frames=' 'size=' 'colors=' 'blitter=' 'visualizer=' 'realtime' 'threads=' 'version' 'h/help'
        case 'keys'
            __inset_parse_subcommand 0 'markdown' 'config=' 'no-config' 'script=+' 'version' 'h/help'
        case 'ctl'
            __inset_parse_subcommand -r 1 'socket=' 'json' 'version' 'h/help'
        case 'doctor'
            __inset_parse_subcommand 0 'version' 'h/help'
        case 'help'
            __inset_parse_subcommand -r 1 'version'
        end
    end
end

function __inset_tokens
    if test (string split -m 1 -f 1 -- . "$FISH_VERSION") -gt 3
        commandline --tokens-raw $argv
    else
        commandline -o $argv
    end
end

function __inset_parse_subcommand -S -a positional_count
    argparse -s r -- $argv
    set -l option_specs $argv[2..]
    set -l is_repeating_positional $_flag_r
    set -el _flag_r
    set -a commands $unparsed_tokens[1]
    set positional_index 0
    while true
        set -e unparsed_tokens[1]
        argparse -sn "$commands" $option_specs -- $unparsed_tokens 2> /dev/null
        set unparsed_tokens $argv
        set positional_index (math $positional_index + 1)
        for non_repeating_flag_or_option in $non_repeating_flags_or_options
            if set -ql "_flag_$(string replace -a - _ -- $non_repeating_flag_or_option)"
                set non_repeating_flags_or_options_absent 1
                break
            end
        end
        test (count $unparsed_tokens) -eq 0 -o \( -z "$is_repeating_positional" -a "$positional_index" -gt "$positional_count" \) && break
    end
end

function __inset_complete_directories
    set -l token (commandline -t)
    string match -- '*/' $token
    set -l subdirs $token*/
    printf %s\n $subdirs
end

function __inset_custom_completion
    set -x SAP_SHELL fish
    set -x SAP_SHELL_VERSION $FISH_VERSION
    set -l tokens (__inset_tokens -p)
    if test -z "$(__inset_tokens -t)"
        set -l index (count (__inset_tokens -pc))
        set tokens $tokens[..$index] \'\' $tokens[(math $index + 1)..]
    end
    command $tokens[1] $argv $tokens
end

complete -c 'inset' -f
complete -c 'inset' -n '__inset_should_offer_completions_for_flags_or_options "inset" version' -l 'version' -d 'Show the version.'
complete -c 'inset' -n '__inset_should_offer_completions_for_flags_or_options "inset" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'inset' -n '__inset_should_offer_completions_for_positional "inset" -eq 1' -fa 'play' -d 'Play a video full screen (the default command).'
complete -c 'inset' -n '__inset_should_offer_completions_for_positional "inset" -eq 1' -fa 'probe' -d 'Show the facts of a media file: container, duration, streams.'
complete -c 'inset' -n '__inset_should_offer_completions_for_positional "inset" -eq 1' -fa 'probe-terminal' -d 'Ask the terminal what it can show: kitty graphics, sixel, cell size in pixels.'
complete -c 'inset' -n '__inset_should_offer_completions_for_positional "inset" -eq 1' -fa 'bench' -d 'Measure decode, scale and render throughput on a file, as fast as it goes.'
complete -c 'inset' -n '__inset_should_offer_completions_for_positional "inset" -eq 1' -fa 'cat' -d 'Write frames as colour cells to standard output; needs no terminal.'
complete -c 'inset' -n '__inset_should_offer_completions_for_positional "inset" -eq 1' -fa 'keys' -d 'List every key binding and the command it runs.'
complete -c 'inset' -n '__inset_should_offer_completions_for_positional "inset" -eq 1' -fa 'ctl' -d 'Control a running player: pause, seek +15, window-move top-left, get time, observe…'
complete -c 'inset' -n '__inset_should_offer_completions_for_positional "inset" -eq 1' -fa 'doctor' -d 'What this machine and terminal offer (pictures, colours, sound, yt-dlp, MPRIS, config, scripts, libraries), and what is missing.'
complete -c 'inset' -n '__inset_should_offer_completions_for_positional "inset" -eq 1' -fa 'help' -d 'Show subcommand help information.'
complete -c 'inset' -n '__inset_should_offer_completions_for_flags_or_options "inset play" pip' -l 'pip' -d 'Start in picture in picture, over the library.'
complete -c 'inset' -n '__inset_should_offer_completions_for_flags_or_options "inset play" shell' -l 'shell' -d 'Start in the shell pane ($SHELL in a terminal), the video in the window over it.'
complete -c 'inset' -n '__inset_should_offer_completions_for_flags_or_options "inset play" prefix' -l 'prefix' -d 'The shell pane\'s prefix chord: after it one key goes to Inset (Tab, f, x, ?…). Default: C-].' -rfka ''
complete -c 'inset' -n '__inset_should_offer_completions_for_flags_or_options "inset play" colors' -l 'colors' -d 'The colours cells are drawn in: truecolor, 256 or 16. Default: from COLORTERM and terminfo.' -rfka 'truecolor 256 16'
complete -c 'inset' -n '__inset_should_offer_completions_for_flags_or_options "inset play" stats' -l 'stats' -d 'Show frames/s, drops and bytes per frame in a corner, and a closing line with the totals on exit.'
complete -c 'inset' -n '__inset_should_offer_completions_for_flags_or_options "inset play" loop' -l 'loop' -d 'Play each file again from its start when it ends, instead of going on to the next or quitting.'
complete -c 'inset' -n '__inset_should_offer_completions_for_flags_or_options "inset play" start' -l 'start' -d 'Start at this time (90, 1:30, 1:02:03.5; -10 from the end, 25%, #2 a chapter) instead of where the file was left.' -rfka ''
complete -c 'inset' -n '__inset_should_offer_completions_for_flags_or_options "inset play" no-advance' -l 'no-advance' -d 'At the end of a file, stay on its last frame instead of playing the next of the list.'
complete -c 'inset' -n '__inset_should_offer_completions_for_flags_or_options "inset play" shuffle' -l 'shuffle' -d 'Play the list\'s files in a random order, each once (the order is fixed for the run).'
complete -c 'inset' -n '__inset_should_offer_completions_for_flags_or_options "inset play" loop-playlist' -l 'loop-playlist' -d 'After the last file of the list, play the first again (a single file plays over and over).'
complete -c 'inset' -n '__inset_should_offer_completions_for_flags_or_options "inset play" no-resume' -l 'no-resume' -d 'Start at the beginning, not where this file was left (the position is still kept when it stops).'
complete -c 'inset' -n '__inset_should_offer_completions_for_flags_or_options "inset play" linear' -l 'linear' -d 'No skipping, the skip keys and buttons greyed out: everywhere (all, or --linear alone), or only within ranges like 0:00-0:30,1:00-1:10.' -rfka ''
complete -c 'inset' -n '__inset_should_offer_completions_for_flags_or_options "inset play" no-pip' -l 'no-pip' -d 'Do not allow picture in picture: p says why, and leaving a video pauses it.'
complete -c 'inset' -n '__inset_should_offer_completions_for_flags_or_options "inset play" no-auto-pip' -l 'no-auto-pip' -d 'Leaving a playing video for another pane (Esc, !) pauses it instead of moving it into the picture-in-picture window.'
complete -c 'inset' -n '__inset_should_offer_completions_for_flags_or_options "inset play" pip-saver' -l 'pip-saver' -d 'Save CPU in picture in picture: a window a third of the screen wide or less (as by default) shows key and P-frames only, about a third of them; a larger one skips the other B-frames. Without it the window shows every frame.'
complete -c 'inset' -n '__inset_should_offer_completions_for_flags_or_options "inset play" threads' -l 'threads' -d 'Decoder threads, 1 to 64. Default: one per core.' -rfka ''
complete -c 'inset' -n '__inset_should_offer_completions_for_flags_or_options "inset play" blitter' -l 'blitter' -d 'How cells draw the picture: half, quadrant, sextant, octant (2x1 to 2x4 sub-pixels per cell) or auto. Default: auto, octants where the terminal draws them, else half blocks.' -rfka ''
complete -c 'inset' -n '__inset_should_offer_completions_for_flags_or_options "inset play" graphics' -l 'graphics' -d 'How the picture reaches the terminal: kitty, sixel or iterm (real pixels; iterm: iTerm2\'s inline images, JPEG), cells (drawn by --blitter) or auto. Default: auto, the best the terminal says it has (inset probe-terminal shows which).' -rfka ''
complete -c 'inset' -n '__inset_should_offer_completions_for_flags_or_options "inset play" mute' -l 'mute' -d 'Play without sound (the sound\'s clock still times the picture).'
complete -c 'inset' -n '__inset_should_offer_completions_for_flags_or_options "inset play" volume' -l 'volume' -d 'Start at this volume, 0 to 100 (9 and 0 change it by 10). Default: 100.' -rfka ''
complete -c 'inset' -n '__inset_should_offer_completions_for_flags_or_options "inset play" speed' -l 'speed' -d 'Play at this speed, 0.25 to 4 (1.5, 2x, 150%), the pitch kept. Default: 1. [ and ] step it, Backspace resets it.' -rfka ''
complete -c 'inset' -n '__inset_should_offer_completions_for_flags_or_options "inset play" sub sub-file' -l 'sub' -l 'sub-file' -d 'A subtitle file (.srt, .vtt, .ass) for the file played, shown first. Files beside the video with its name (movie.srt, movie.en.srt) are found without it.' -rfka ''
complete -c 'inset' -n '__inset_should_offer_completions_for_flags_or_options "inset play" sub-lang' -l 'sub-lang' -d 'Show the first subtitle track in this language (ISO 639: en, eng, fr…). Default: the first track. c cycles the tracks and off.' -rfka ''
complete -c 'inset' -n '__inset_should_offer_completions_for_flags_or_options "inset play" sub-charset' -l 'sub-charset' -d 'The character set of the subtitle files (CP1252, ISO-8859-15, CP1251, SHIFT_JIS…: any iconv name). Default: UTF-8, or a guess from the bytes (CP1252 for text that is not UTF-8).' -rfka ''
complete -c 'inset' -n '__inset_should_offer_completions_for_flags_or_options "inset play" audio-lang' -l 'audio-lang' -d 'Play the first sound track in this language (ISO 639: en, eng, fr…). Default: the container\'s choice. a cycles the tracks.' -rfka ''
complete -c 'inset' -n '__inset_should_offer_completions_for_flags_or_options "inset play" audio-file' -l 'audio-file' -d 'Play this sound (a file or URL) with the video\'s picture, on one clock: listed after the video\'s own sound tracks, heard first; a cycles them.' -rfka ''
complete -c 'inset' -n '__inset_should_offer_completions_for_flags_or_options "inset play" config' -l 'config' -d 'Read settings and key bindings from this file instead of $XDG_CONFIG_HOME/inset/config (else ~/.config/inset/config).' -rfka ''
complete -c 'inset' -n '__inset_should_offer_completions_for_flags_or_options "inset play" no-config' -l 'no-config' -d 'Read no config file: every setting and key binding at its default.'
complete -c 'inset' -n '__inset_should_offer_completions_for_flags_or_options "inset play" socket' -l 'socket' -d 'Serve the control socket (inset ctl) at this path instead of $XDG_RUNTIME_DIR/inset/PID.sock; none serves none.' -rfka ''
complete -c 'inset' -n '__inset_should_offer_completions_for_flags_or_options "inset play" screenshot-dir' -l 'screenshot-dir' -d 'Save screenshots (s: the frame on screen as a PNG, at the video\'s size) in this directory instead of the current one.' -rfka ''
complete -c 'inset' -n '__inset_should_offer_completions_for_flags_or_options "inset play" ytdl' -l 'ytdl' -d 'yes or no: resolve page URLs of video sites through yt-dlp (default yes). ytdl://URL and ytdl://ytsearchN:words always are.' -rfka ''
complete -c 'inset' -n '__inset_should_offer_completions_for_flags_or_options "inset play" ytdl-path' -l 'ytdl-path' -d 'The yt-dlp program to run (default: yt-dlp on PATH).' -rfka ''
complete -c 'inset' -n '__inset_should_offer_completions_for_flags_or_options "inset play" ytdl-format' -l 'ytdl-format' -d 'yt-dlp\'s format syntax (bv*[height<=480]+ba/b), instead of the picture the terminal can show and the best sound.' -rfka ''
complete -c 'inset' -n '__inset_should_offer_completions_for_flags_or_options "inset play" ytdl-raw-options' -l 'ytdl-raw-options' -d 'More yt-dlp options, as mpv takes them: key=value pairs joined by commas (cookies=FILE,no-check-certificates).' -rfka ''
complete -c 'inset' -n '__inset_should_offer_completions_for_flags_or_options "inset play" ytdl-playlist' -l 'ytdl-playlist' -d 'A video URL that is also in a list plays the list, not the video alone.'
complete -c 'inset' -n '__inset_should_offer_completions_for_flags_or_options "inset play" title' -l 'title' -d 'Show every video by this name on the bar instead of its file\'s or page\'s (mpv\'s --force-media-title).' -rfka ''
complete -c 'inset' -n '__inset_should_offer_completions_for_flags_or_options "inset play" user-agent' -l 'user-agent' -d 'The User-Agent header of every http(s) request.' -rfka ''
complete -c 'inset' -n '__inset_should_offer_completions_for_flags_or_options "inset play" referrer' -l 'referrer' -d 'The Referer header of every http(s) request.' -rfka ''
complete -c 'inset' -n '__inset_should_offer_completions_for_flags_or_options "inset play" http-header-fields' -l 'http-header-fields' -d 'More headers for every http(s) request, as mpv takes them: \'Name: value\' pairs joined by commas.' -rfka ''
complete -c 'inset' -n '__inset_should_offer_completions_for_flags_or_options "inset play" end' -l 'end' -d 'End each file at this time (90, 1:30; -T back from its end, N% of it, #C a chapter), as at its end: the next plays, or the player quits.' -rfka ''
complete -c 'inset' -n '__inset_should_offer_completions_for_flags_or_options "inset play" loop-file' -l 'loop-file' -d 'Play each file again this many times, then go on (mpv\'s --loop-file=N; --loop plays it for ever).' -rfka ''
complete -c 'inset' -n '__inset_should_offer_completions_for_flags_or_options "inset play" no-video' -l 'no-video' -d 'Play the sound alone: the bar shows its time and progress, no picture is decoded.'
complete -c 'inset' -n '__inset_should_offer_completions_for_flags_or_options "inset play" pause' -l 'pause' -d 'Start paused, on the first frame (mpv\'s --pause; --pause=no, --no-pause).' -rfka ''
complete -c 'inset' -n '__inset_should_offer_completions_for_flags_or_options "inset play" idle' -l 'idle' -d 'Stay up with nothing to play (no file given, the last one ended) until the control socket loads a file or quits.'
complete -c 'inset' -n '__inset_should_offer_completions_for_flags_or_options "inset play" keep-open' -l 'keep-open' -d 'At the end of the last file, stay on its last frame, paused, instead of quitting; a seek back plays again.'
complete -c 'inset' -n '__inset_should_offer_completions_for_flags_or_options "inset play" no-terminal' -l 'no-terminal' -d 'Do not touch the terminal: draw nothing, read no key, change no mode; the sound plays and the control socket steers the player.'
complete -c 'inset' -n '__inset_should_offer_completions_for_flags_or_options "inset play" no-input-terminal' -l 'no-input-terminal' -d 'Draw in the terminal but read no key from it (the control socket steers the player).'
complete -c 'inset' -n '__inset_should_offer_completions_for_flags_or_options "inset play" audio-delay' -l 'audio-delay' -d 'Play the sound this many seconds later than the picture (negative: earlier), -10 to 10, for late Bluetooth headphones: -0.2 (Ctrl++ / Ctrl+-, or ) and (, change it by 0.1). Each file keeps its own with its position.' -rfka ''
complete -c 'inset' -n '__inset_should_offer_completions_for_flags_or_options "inset play" audio-device' -l 'audio-device' -d 'Play the sound on this device (a name --audio-device help lists), or auto for the system\'s default. SDL_AUDIODRIVER picks the driver.' -rfka ''
complete -c 'inset' -n '__inset_should_offer_completions_for_flags_or_options "inset play" window-volume' -l 'window-volume' -d 'With two videos, how loud the one not heard plays, 0 to 100 on the volume\'s scale (A hears the other). Default: 30.' -rfka ''
complete -c 'inset' -n '__inset_should_offer_completions_for_flags_or_options "inset play" gapless-audio' -l 'gapless-audio' -d 'Between two sound files of a list: the next one\'s first sample right after the last one\'s, on one device: yes, weak (when both have the same rate and channels; the default) or no.' -rfka ''
complete -c 'inset' -n '__inset_should_offer_completions_for_flags_or_options "inset play" visualizer' -l 'visualizer' -d 'What draws a file of sound alone with no cover: showspectrum, showcqt, showwaves or avectorscope (FFmpeg\'s filters), or none. The v key cycles them. Default: showspectrum.' -rfka ''
complete -c 'inset' -n '__inset_should_offer_completions_for_flags_or_options "inset play" embed' -l 'embed' -d 'Play in this rectangle of the terminal only, as a preview: COLSxROWS+X+Y (X11 geometry; -X and -Y count from the right and bottom edges), or full for the whole terminal. No alternate screen and nothing cleared outside it; muted, looping, no bar; no key is read unless --embed-keys; erased on exit and on SIGTERM.' -rfka ''
complete -c 'inset' -n '__inset_should_offer_completions_for_flags_or_options "inset play" embed-keys' -l 'embed-keys' -d 'With --embed: read the player\'s keys from the terminal (raw mode while it plays).'
complete -c 'inset' -n '__inset_should_offer_completions_for_flags_or_options "inset play" tty' -l 'tty' -d 'Draw on this terminal (a launcher\'s pane when the player has no /dev/tty, as in vifm); its resizes are watched.' -rfka ''
complete -c 'inset' -n '__inset_should_offer_completions_for_flags_or_options "inset play" length' -l 'length' -d 'End each file this long after where it starts (mpv\'s --length; a preview\'s excerpt, looped with --loop).' -rfka ''
complete -c 'inset' -n '__inset_should_offer_completions_for_flags_or_options "inset play" no-audio' -l 'no-audio' -d 'Play the picture alone: no sound is decoded or played (mpv\'s --no-audio; a preview\'s).'
complete -c 'inset' -n '__inset_should_offer_completions_for_flags_or_options "inset play" link-rate' -l 'link-rate' -d 'How fast the terminal takes bytes, for trading fidelity for a steady frame rate on a slow link (SSH): auto (measured from the writes; a terminal that never makes them wait changes nothing), off (full quality, frames dropped), or bytes a second (1000000, 1M, 500K). Cells take coarser colours (fewer escapes), then give up the finer blitter for half blocks; pictures a lower JPEG quality or a smaller sixel palette, then a smaller size. --stats shows the rate and the quality. Default: auto.' -rfka ''
complete -c 'inset' -n '__inset_should_offer_completions_for_flags_or_options "inset play" save-position-on-quit' -l 'save-position-on-quit' -d 'At quit, write where each video was to mpv\'s watch_later folder, as mpv does (read back on the next play).'
complete -c 'inset' -n '__inset_should_offer_completions_for_flags_or_options "inset play" watch-later-directory' -l 'watch-later-directory' -d 'mpv\'s watch_later folder: where --save-position-on-quit writes and every play reads. Default: $XDG_STATE_HOME/inset/watch_later.' -rfka ''
complete -c 'inset' -n '__inset_should_offer_completions_for_flags_or_options "inset play" write-filename-in-watch-later-config' -l 'write-filename-in-watch-later-config' -d 'Begin each watch_later file with \'# PATH\', as mpv does with this option.'
complete -c 'inset' -n '__inset_should_offer_completions_for_flags_or_options "inset play" version' -l 'version' -d 'Show the version.'
complete -c 'inset' -n '__inset_should_offer_completions_for_flags_or_options "inset play" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'inset' -n '__inset_should_offer_completions_for_flags_or_options "inset probe" json' -l 'json' -d 'Print the facts as JSON, for scripts.'
complete -c 'inset' -n '__inset_should_offer_completions_for_flags_or_options "inset probe" version' -l 'version' -d 'Show the version.'
complete -c 'inset' -n '__inset_should_offer_completions_for_flags_or_options "inset probe" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'inset' -n '__inset_should_offer_completions_for_flags_or_options "inset probe-terminal" timeout' -l 'timeout' -d 'How long to wait for the terminal\'s answer, 1 to 10000 ms. Default: 250.' -rfka ''
complete -c 'inset' -n '__inset_should_offer_completions_for_flags_or_options "inset probe-terminal" version' -l 'version' -d 'Show the version.'
complete -c 'inset' -n '__inset_should_offer_completions_for_flags_or_options "inset probe-terminal" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'inset' -n '__inset_should_offer_completions_for_flags_or_options "inset bench" stage' -l 'stage' -d 'The stage to measure: decode, scale (decode + scale to the cells\' pixels), render (+ blit, compose, rasterize) or all.' -rfka 'decode scale render all'
complete -c 'inset' -n '__inset_should_offer_completions_for_flags_or_options "inset bench" frames' -l 'frames' -d 'Frames to measure, 1 to 10000000 (the file repeats if shorter). Default: the whole file once.' -rfka ''
complete -c 'inset' -n '__inset_should_offer_completions_for_flags_or_options "inset bench" threads' -l 'threads' -d 'Decoder threads, 1 to 64. Default: one per core.' -rfka ''
complete -c 'inset' -n '__inset_should_offer_completions_for_flags_or_options "inset bench" size' -l 'size' -d 'Cells as COLSxROWS, up to 4096x2048; the picture is COLS x 2·ROWS pixels. Default: 160x45.' -rfka ''
complete -c 'inset' -n '__inset_should_offer_completions_for_flags_or_options "inset bench" colors' -l 'colors' -d 'Colours for the render stage: truecolor, 256 or 16.' -rfka 'truecolor 256 16'
complete -c 'inset' -n '__inset_should_offer_completions_for_flags_or_options "inset bench" blitter' -l 'blitter' -d 'How the render stage draws cells: half, quadrant, sextant or octant (2x1 to 2x4 sub-pixels per cell). Default: half.' -rfka ''
complete -c 'inset' -n '__inset_should_offer_completions_for_flags_or_options "inset bench" json' -l 'json' -d 'Print the results as JSON instead of a table.'
complete -c 'inset' -n '__inset_should_offer_completions_for_flags_or_options "inset bench" version' -l 'version' -d 'Show the version.'
complete -c 'inset' -n '__inset_should_offer_completions_for_flags_or_options "inset bench" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'inset' -n '__inset_should_offer_completions_for_flags_or_options "inset cat" at' -l 'at' -d 'Start at this time (90, 1:30, 1:02:03.5). Default: the start.' -rfka ''
complete -c 'inset' -n '__inset_should_offer_completions_for_flags_or_options "inset cat" frames' -l 'frames' -d 'How many frames: 1 to 10000000, or all. Default: 1 (a thumbnail).' -rfka ''
complete -c 'inset' -n '__inset_should_offer_completions_for_flags_or_options "inset cat" size' -l 'size' -d 'Cells as COLSxROWS, up to 4096x2048. Default: the terminal\'s size, else 80x24.' -rfka ''
complete -c 'inset' -n '__inset_should_offer_completions_for_flags_or_options "inset cat" colors' -l 'colors' -d 'The colours cells are written in: truecolor, 256 or 16. Default: from COLORTERM.' -rfka 'truecolor 256 16'
complete -c 'inset' -n '__inset_should_offer_completions_for_flags_or_options "inset cat" blitter' -l 'blitter' -d 'How cells draw the picture: half, quadrant, sextant or octant (2x1, 2x2, 2x3, 2x4 sub-pixels per cell). Default: half.' -rfka ''
complete -c 'inset' -n '__inset_should_offer_completions_for_flags_or_options "inset cat" visualizer' -l 'visualizer' -d 'What draws a file of sound alone: showspectrum, showcqt, showwaves or avectorscope (FFmpeg\'s filters). Default: showspectrum.' -rfka ''
complete -c 'inset' -n '__inset_should_offer_completions_for_flags_or_options "inset cat" realtime' -l 'realtime' -d 'Write each frame at its presentation time, as a player would, instead of as fast as possible.'
complete -c 'inset' -n '__inset_should_offer_completions_for_flags_or_options "inset cat" threads' -l 'threads' -d 'Decoder threads, 1 to 64. Default: one per core.' -rfka ''
complete -c 'inset' -n '__inset_should_offer_completions_for_flags_or_options "inset cat" version' -l 'version' -d 'Show the version.'
complete -c 'inset' -n '__inset_should_offer_completions_for_flags_or_options "inset cat" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'inset' -n '__inset_should_offer_completions_for_flags_or_options "inset keys" markdown' -l 'markdown' -d 'Print the default bindings as Markdown, one table per place (docs/keys.md is this output); no config file is read.'
complete -c 'inset' -n '__inset_should_offer_completions_for_flags_or_options "inset keys" config' -l 'config' -d 'The config file whose bindings to list, instead of the default one.' -rfka ''
complete -c 'inset' -n '__inset_should_offer_completions_for_flags_or_options "inset keys" no-config' -l 'no-config' -d 'List the default bindings, reading no config file (nor the config folder\'s scripts).'
complete -c 'inset' -n '__inset_should_offer_completions_for_flags_or_options "inset keys"' -l 'script' -d 'An mpv Lua script whose keys to list too, as --script plays it.' -rfka ''
complete -c 'inset' -n '__inset_should_offer_completions_for_flags_or_options "inset keys" version' -l 'version' -d 'Show the version.'
complete -c 'inset' -n '__inset_should_offer_completions_for_flags_or_options "inset keys" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'inset' -n '__inset_should_offer_completions_for_flags_or_options "inset ctl" socket' -l 'socket' -d 'The control socket of the player to control (as its --socket). Default: the newest in $XDG_RUNTIME_DIR/inset.' -rfka ''
complete -c 'inset' -n '__inset_should_offer_completions_for_flags_or_options "inset ctl" json' -l 'json' -d 'Print the player\'s reply as it came, one JSON line.'
complete -c 'inset' -n '__inset_should_offer_completions_for_flags_or_options "inset ctl" version' -l 'version' -d 'Show the version.'
complete -c 'inset' -n '__inset_should_offer_completions_for_flags_or_options "inset ctl" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'inset' -n '__inset_should_offer_completions_for_flags_or_options "inset doctor" version' -l 'version' -d 'Show the version.'
complete -c 'inset' -n '__inset_should_offer_completions_for_flags_or_options "inset doctor" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'inset' -n '__inset_should_offer_completions_for_flags_or_options "inset help" version' -l 'version' -d 'Show the version.'

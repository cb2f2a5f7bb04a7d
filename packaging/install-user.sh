#!/usr/bin/env bash
# Install vLLM Tray for the current user, without root: a venv, a command, a menu entry, an icon.
#
# Usage: packaging/install-user.sh [--uninstall]
#
# Install (run it again to update from the same checkout; it reuses the venv):
#   ${XDG_DATA_HOME:-~/.local/share}/vllm-tray/venv       venv with this checkout pip-installed
#   ~/.local/bin/vllm-tray                                 symlink to the venv's vllm-tray
#   ${XDG_DATA_HOME}/applications/vllm-tray.desktop        menu entry (Exec = the venv's vllm-tray)
#   ${XDG_DATA_HOME}/icons/hicolor/scalable/apps/vllm-tray.svg
# --uninstall removes exactly those; settings and models (~/.config, ~/.cache) stay.
#
# Environment:
#   VLLM_TRAY_PYTHON     interpreter that creates the venv (default python3; needs 3.11+)
#   VLLM_TRAY_PIP_ARGS   extra words for `pip install`, e.g. "--no-index --find-links DIR"
#   VLLM_TRAY_SKIP_VENV  1 = neither create the venv nor run pip (the tests use this to check
#                        the desktop integration without building the project)
set -euo pipefail

readonly APP=vllm-tray
# Written into the menu entry so that --uninstall never deletes a file someone else made.
readonly MARKER="X-VLLM-Tray-Installed-By=install-user.sh"

script_dir=$(cd -- "$(dirname -- "${BASH_SOURCE[0]}")" && pwd -P)
project_dir=$(dirname -- "$script_dir")
desktop_source=$script_dir/linux/$APP.desktop
icon_source=$project_dir/app/gui/resources/app.svg

# The XDG base directory spec says to ignore an empty or relative value.
data_home=${XDG_DATA_HOME:-}
[[ $data_home == /* ]] || data_home=$HOME/.local/share
app_home=$data_home/$APP
venv=$app_home/venv
venv_command=$venv/bin/$APP
bin_dir=$HOME/.local/bin
link=$bin_dir/$APP
desktop_file=$data_home/applications/$APP.desktop
icon_theme_dir=$data_home/icons/hicolor
icon_file=$icon_theme_dir/scalable/apps/$APP.svg

# A half-written menu entry never stays behind, whatever step fails.
tmp=""
trap 'if [[ -n $tmp ]]; then rm -f -- "$tmp"; fi' EXIT

say() { printf '%s\n' "$*"; }
die() {
	printf '%s: %s\n' "${0##*/}" "$*" >&2
	exit 1
}

usage() {
	say "usage: ${0##*/} [--uninstall]"
	say "Installs vLLM Tray from this checkout for you (no root): a venv in $venv,"
	say "the command $link, a menu entry and an icon. --uninstall removes exactly those."
}

# One argument in a desktop entry's Exec key: the spec's quoting rule, then its string escapes.
desktop_exec_arg() {
	local arg=$1
	if [[ $arg =~ ^[A-Za-z0-9_./+,:@-]+$ ]]; then
		printf '%s' "$arg"
		return
	fi
	[[ $arg != *[[:cntrl:]]* ]] || die "cannot write a menu entry for a path with control characters: $arg"
	# Inside double quotes \ " ` $ take a backslash; the file's string escaping then doubles
	# every backslash. A literal % is %% so that it is not read as a field code (GLib 2.74
	# still refuses to launch a program whose path contains a %, which is rare enough).
	arg=${arg//\\/\\\\\\\\}
	arg=${arg//\"/\\\\\"}
	arg=${arg//\`/\\\\\`}
	arg=${arg//\$/\\\\\$}
	arg=${arg//%/%%}
	printf '"%s"' "$arg"
}

ours_link() { [[ -L $link && $(readlink -- "$link") == "$venv_command" ]]; }
ours_desktop_file() { [[ -f $desktop_file ]] && grep -qxF -- "$MARKER" "$desktop_file"; }

# Icon caches compare their mtime with the theme directory's; touching it marks them stale.
touch_icon_theme() { if [[ -d $icon_theme_dir ]]; then touch -- "$icon_theme_dir"; fi; }

install_venv() {
	if [[ ${VLLM_TRAY_SKIP_VENV:-} == 1 ]]; then
		say "skipped the venv and pip (VLLM_TRAY_SKIP_VENV=1)"
		return
	fi
	local python=${VLLM_TRAY_PYTHON:-python3}
	command -v -- "$python" >/dev/null || die "$python not found; set VLLM_TRAY_PYTHON to a Python 3.11+"
	"$python" -c 'import sys; sys.exit(sys.version_info < (3, 11))' ||
		die "$python is older than 3.11; set VLLM_TRAY_PYTHON to a Python 3.11+"
	if "$venv/bin/python" -c '' 2>/dev/null; then
		say "reusing the venv $venv"
	else
		# --clear: a venv whose interpreter no longer runs (Python upgraded) is rebuilt.
		"$python" -m venv --clear -- "$venv"
		say "created the venv $venv"
	fi
	local -a pip_args=()
	read -r -a pip_args <<<"${VLLM_TRAY_PIP_ARGS:-}"
	"$venv/bin/python" -m pip install --disable-pip-version-check "${pip_args[@]}" -- "$project_dir" ||
		die "pip could not install vLLM Tray from $project_dir into $venv (its messages are above)"
	[[ -x $venv_command ]] || die "pip did not create $venv_command"
	say "installed vLLM Tray from $project_dir into the venv"
}

install_link() {
	mkdir -p -- "$bin_dir"
	ln -sfn -- "$venv_command" "$link"
	say "linked $link -> $venv_command"
}

install_desktop_file() {
	local exec_value line
	# An absolute Exec: the menu works before ~/.local/bin is on the session's PATH.
	exec_value=$(desktop_exec_arg "$venv_command")
	mkdir -p -- "${desktop_file%/*}"
	tmp=$(mktemp -- "$desktop_file.XXXXXX")
	while IFS= read -r line || [[ -n $line ]]; do
		if [[ $line == 'Exec=vllm-tray' ]]; then
			printf 'Exec=%s\n' "$exec_value"
		else
			printf '%s\n' "$line"
		fi
	done <"$desktop_source" >"$tmp"
	printf '%s\n' "$MARKER" >>"$tmp"
	chmod 0644 -- "$tmp"
	mv -f -- "$tmp" "$desktop_file"
	tmp=""
	say "installed the menu entry $desktop_file"
}

install_icon() {
	mkdir -p -- "${icon_file%/*}"
	cp -f -- "$icon_source" "$icon_file"
	chmod 0644 -- "$icon_file"
	touch_icon_theme
	say "installed the icon $icon_file"
}

do_install() {
	[[ -f $project_dir/pyproject.toml ]] || die "$project_dir is not a vLLM Tray checkout"
	[[ -f $icon_source ]] || die "missing $icon_source"
	grep -qx 'Exec=vllm-tray' "$desktop_source" || die "$desktop_source has no 'Exec=vllm-tray' line"
	# Refuse before building anything when someone else's file is in the way.
	if [[ -e $link || -L $link ]] && ! ours_link; then
		die "$link already exists and is not this installation's; move it away and run again"
	fi
	if [[ -e $desktop_file ]] && ! ours_desktop_file; then
		die "$desktop_file exists and this script did not write it; move it away and run again"
	fi
	install_venv
	install_link
	install_desktop_file
	install_icon
	case ":$PATH:" in
	*":$bin_dir:"*) say "done: start it from the menu or run $APP" ;;
	*) say "done: start it from the menu or run $link ($bin_dir is not on your PATH)" ;;
	esac
}

do_uninstall() {
	if ours_link; then
		rm -f -- "$link"
		say "removed $link"
	elif [[ -e $link || -L $link ]]; then
		say "left $link alone: it is not this installation's"
	fi
	if ours_desktop_file; then
		rm -f -- "$desktop_file"
		say "removed $desktop_file"
	elif [[ -e $desktop_file ]]; then
		say "left $desktop_file alone: this script did not write it"
	fi
	if [[ -e $icon_file ]]; then
		rm -f -- "$icon_file"
		touch_icon_theme
		say "removed $icon_file"
	fi
	# pyvenv.cfg: only ever delete a directory that is a venv.
	if [[ -f $venv/pyvenv.cfg ]]; then
		rm -rf -- "$venv"
		say "removed $venv"
	fi
	rmdir -- "$app_home" 2>/dev/null || true
	say "uninstalled; settings and downloaded models were kept"
}

case "${1:-}" in
"") do_install ;;
--uninstall) do_uninstall ;;
-h | --help) usage ;;
*)
	printf '%s: unknown option %s (try --help)\n' "${0##*/}" "$1" >&2
	exit 2
	;;
esac

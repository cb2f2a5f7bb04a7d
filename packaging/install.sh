#!/usr/bin/env bash
# Install vLLM Tray for the current user, without root, as a desktop app: the program (with
# uv or pipx, in an environment of its own), its menu entry, icons, AppStream metadata and,
# with --autostart, an autostart entry; then check the system libraries Qt needs.
#
# Usage: packaging/install.sh [--autostart] [WHEEL_OR_FOLDER]
#        packaging/install.sh --uninstall
#
#   WHEEL_OR_FOLDER   a built wheel (vllm_tray-*.whl) or a checkout; default: this checkout
#   --autostart       also start vLLM Tray when you log in (Settings ▸ Desktop can change it)
#   --uninstall       remove everything the install added; settings (start at login back
#                     to off) and models stay
#
# Environment: VLLM_TRAY_INSTALLER=uv|pipx picks the installer (default: uv if it is on
# PATH, else pipx); VLLM_TRAY_PYTHON is the Python 3.11+ the app's environment is made from.
set -euo pipefail

readonly APP=vllm-tray
script_dir=$(cd -- "$(dirname -- "${BASH_SOURCE[0]}")" && pwd -P)
project_dir=$(dirname -- "$script_dir")

say() { printf '%s\n' "$*"; }
die() {
	printf '%s: %s\n' "${0##*/}" "$*" >&2
	exit 1
}

usage() {
	say "usage: ${0##*/} [--autostart] [WHEEL_OR_FOLDER] | --uninstall"
	say "Installs vLLM Tray for you (no root) with uv or pipx, with its menu entry and icons."
}

installer() {
	local chosen=${VLLM_TRAY_INSTALLER:-}
	if [[ -z $chosen ]]; then
		if command -v uv >/dev/null; then
			chosen=uv
		elif command -v pipx >/dev/null; then
			chosen=pipx
		else
			die "neither uv nor pipx is installed; install one first (Debian/Ubuntu: sudo apt install pipx; or: python3 -m pip install --user uv) and run this again"
		fi
	fi
	case $chosen in
	uv | pipx) command -v "$chosen" >/dev/null || die "$chosen is not installed" ;;
	*) die "VLLM_TRAY_INSTALLER must be uv or pipx, not $chosen" ;;
	esac
	printf '%s' "$chosen"
}

# Where uv and pipx put the command (both honour these; ~/.local/bin by default).
bin_dir() {
	case $1 in
	uv) printf '%s' "${UV_TOOL_BIN_DIR:-${XDG_BIN_HOME:-$HOME/.local/bin}}" ;;
	pipx) printf '%s' "${PIPX_BIN_DIR:-$HOME/.local/bin}" ;;
	esac
}

do_install() {
	local autostart=$1 source=$2 tool command
	[[ -e $source ]] || die "$source does not exist"
	source=$(cd -- "$(dirname -- "$source")" && pwd -P)/$(basename -- "$source")
	tool=$(installer)
	local python=${VLLM_TRAY_PYTHON:-python3}
	command -v -- "$python" >/dev/null || die "$python not found; set VLLM_TRAY_PYTHON to a Python 3.11+"
	"$python" -c 'import sys; sys.exit(sys.version_info < (3, 11))' ||
		die "$python is older than 3.11; set VLLM_TRAY_PYTHON to a Python 3.11+"
	say "installing vLLM Tray from $source with $tool"
	case $tool in
	uv) uv tool install --force --reinstall --python "$python" "$source" ;;
	pipx) pipx install --force --python "$python" "$source" ;;
	esac
	command=$(bin_dir "$tool")/$APP
	[[ -x $command ]] || die "$tool did not create $command"
	local -a args=(desktop install)
	[[ $autostart == 1 ]] && args+=(--autostart)
	# The menu entry, icons and metadata come from the installed package itself.
	"$command" "${args[@]}"
	case ":$PATH:" in
	*":$(bin_dir "$tool"):"*) ;;
	*) say "note: $(bin_dir "$tool") is not on your PATH; the menu entry works anyway" ;;
	esac
}

do_uninstall() {
	local tool command
	tool=$(installer)
	command=$(bin_dir "$tool")/$APP
	if [[ -x $command ]]; then
		"$command" desktop uninstall
	else
		say "no $command: the menu entry and icons, if any, stay (run '$APP desktop uninstall' first next time)"
	fi
	case $tool in
	uv) uv tool uninstall "$APP" ;;
	pipx) pipx uninstall "$APP" ;;
	esac
}

autostart=0
source=$project_dir
case "${1:-}" in
--uninstall)
	do_uninstall
	exit 0
	;;
-h | --help)
	usage
	exit 0
	;;
--autostart)
	autostart=1
	shift
	;;
esac
if [[ $# -gt 1 ]] || [[ ${1:-} == -* ]]; then
	printf '%s: unexpected arguments: %s (try --help)\n' "${0##*/}" "$*" >&2
	exit 2
fi
[[ $# -eq 1 ]] && source=$1
do_install "$autostart" "$source"

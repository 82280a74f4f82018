# Sourced first by every shell script of the project: strict mode, and no silent exits.
#
# Under `set -e` a failing command ends the script. The ERR trap below makes sure that this
# never happens without a sentence: it names the command that failed, its exit status and
# where it ran. Steps that know better call `fail` with the fix instead.

set -Eeuo pipefail

# Prints a line of the script's progress on stderr, prefixed so it stands out in npm's output.
say() { printf 'bitqueens: %s\n' "$*" >&2; }

# Stops the script with a message that says what failed and what to do. Exits with status 1.
fail() {
  trap - ERR
  printf '\nbitqueens: %s\n' "$*" >&2
  exit 1
}

on_error() {
  local status=$1 command=$2 where=$3
  trap - ERR
  printf '\nbitqueens: this command failed with exit status %s:\n    %s\n  (at %s)\n' \
    "$status" "$command" "$where" >&2
  printf '  Fix what the lines above it say, then run the same npm or bash command again.\n' >&2
  exit "$status"
}
trap 'on_error $? "$BASH_COMMAND" "${BASH_SOURCE[0]:-$0}:${LINENO}"' ERR

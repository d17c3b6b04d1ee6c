#!/bin/sh
# Turns argument-parser's generate-manual pages (in directory $1) into the ones installed:
# - gripfit-serial.monitor.1 becomes gripfit-serial-monitor.1, named as git's pages are, so
#   `man gripfit-serial-monitor` finds it; titles and SEE ALSO follow;
# - the NAME line says gripfit-serial-monitor too (what mandb's whatis expects of that file),
#   while SYNOPSIS and AUTHORS keep the command as typed, `gripfit-serial monitor`;
# - argument-parser's built-in `help` subcommand gets no page;
# - blank lines of help text become paragraph breaks (.Pp), which mdoc wants.
set -eu
cd "$1"
rm -f gripfit-serial.help.1
sed -i \
    -e '/^\.Xr gripfit-serial\.help 1/d' \
    -e 's/^$/.Pp/' \
    -e '/^\.\(Dt\|Xr\) /s/\([A-Za-z0-9]\)\.\([A-Za-z0-9]\)/\1-\2/g' \
    -e '/^\.Nm "gripfit-serial [^"]*"$/{h;s/"//g;s/ /-/g;s/^\.Nm-/.Nm /}' \
    -e '/^\.Nm$/{x;/./{x;g;b};x}' \
    ./*.1
for page in gripfit-serial.*.1; do
    mv "$page" "$(echo "${page%.1}" | tr . -).1"
done

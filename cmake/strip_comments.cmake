# Writes IN to OUT without its whole-line `//` comments (cmake -DIN=... -DOUT=... -P this file):
# shell.html keeps the page API's reference in its source, and the page does not ship it (about
# 3 KB of gzip of the first visit).
file(READ ${IN} text)
string(REGEX REPLACE "\n[ \t]*//[^\n]*" "" text "${text}")
file(WRITE ${OUT} "${text}")

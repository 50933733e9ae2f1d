# Writes the service worker into the build with its BUILD_ID stamped: 12 hex digits of a
# SHA-256 over the files it precaches, so a build whose content changed gets a fresh cache and
# an unchanged rebuild keeps the old one. Called by web.cmake:
#   cmake -DSOURCE=assets/sw.js -DOUT=build/web/sw.js -DFILES="a|b|c" -P stamp_sw.cmake
string(REPLACE "|" ";" files "${FILES}")
set(hashes "")
foreach(file ${files})
  if(EXISTS "${file}")
    file(SHA256 "${file}" hash)
    string(APPEND hashes "${hash}")
  endif()
endforeach()
string(SHA256 id "${hashes}")
string(SUBSTRING "${id}" 0 12 id)
file(READ "${SOURCE}" text)
string(REPLACE "var BUILD_ID = 'dev';" "var BUILD_ID = '${id}';" stamped "${text}")
if(stamped STREQUAL text)
  message(FATAL_ERROR "${SOURCE} has no \"var BUILD_ID = 'dev';\" to stamp")
endif()
file(WRITE "${OUT}" "${stamped}")

# write_if_changed(PATH TEXT): writes TEXT to PATH only when PATH does not already hold it, so a
# generated source that comes out the same does not recompile what includes it.
function(write_if_changed path text)
  set(old "")
  if(EXISTS ${path})
    file(READ ${path} old)
  endif()
  if(NOT old STREQUAL text)
    file(WRITE ${path} "${text}")
  endif()
endfunction()

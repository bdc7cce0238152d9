# bin/cudalab — the command line and the worker that runs every kernel and student check — links
# no GUI library; bin/cudalab-app, the window, does (app/CMakeLists.txt). Read from the binaries'
# own dynamic sections, so a GUI library creeping back into the command line fails here.
#   cmake -DCOMMAND_LINE=… -DWINDOW=… -DREADELF=… -P no_gui_imports.cmake
set(gui_libraries "glfw|libGL|libX11|libxcb|imgui|libstb")
foreach(binary COMMAND_LINE WINDOW)
  execute_process(COMMAND ${READELF} -d ${${binary}} OUTPUT_VARIABLE dynamic RESULT_VARIABLE failed)
  if(failed)
    message(FATAL_ERROR "${READELF} -d ${${binary}} failed")
  endif()
  string(REGEX MATCHALL "Shared library: \\[[^]]+\\]" needed "${dynamic}")
  if(NOT needed)
    message(FATAL_ERROR "${${binary}} lists no shared library: the check would prove nothing")
  endif()
  string(REGEX MATCHALL "(${gui_libraries})[^]]*" gui "${needed}")
  set(${binary}_GUI "${gui}")
endforeach()
if(COMMAND_LINE_GUI)
  message(FATAL_ERROR "${COMMAND_LINE} links GUI libraries: ${COMMAND_LINE_GUI}")
endif()
if(NOT WINDOW_GUI)
  message(FATAL_ERROR "${WINDOW} links no GUI library: is it the window?")
endif()
message(STATUS "command line: no GUI library; window: ${WINDOW_GUI}")

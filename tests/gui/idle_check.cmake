# Runs the window idle with CUDALAB_IDLE_STATS set (see app/shell/redraw_schedule.h) and fails when
# it drew more frames than a slow timer and a few stray events explain: a window that renders
# continuously draws tens of frames a second. A count of frames, not a CPU time: it does not depend
# on what else the machine runs.
#   cmake -DCOMMAND="exe|arg|..." -DMAX_PER_SECOND=N -P idle_check.cmake
string(REPLACE "|" ";" COMMAND "${COMMAND}")
execute_process(COMMAND ${COMMAND} RESULT_VARIABLE exit_code OUTPUT_VARIABLE out ERROR_VARIABLE err TIMEOUT 150)
message("${out}${err}")
if(NOT "${exit_code}" STREQUAL "0")
  message(FATAL_ERROR "expected exit code 0, got ${exit_code}")
endif()
if(NOT "${err}" MATCHES "idle ([0-9]+)\\.([0-9]) s: ([0-9]+) frames drawn")
  message(FATAL_ERROR "no 'cudalab: idle ... frames drawn' line: is CUDALAB_IDLE_STATS set?")
endif()
set(frames ${CMAKE_MATCH_3})
math(EXPR allowed "(${CMAKE_MATCH_1} * 10 + ${CMAKE_MATCH_2}) * ${MAX_PER_SECOND} / 10")
if(frames GREATER allowed)
  message(FATAL_ERROR "the idle window drew ${frames} frames, at most ${allowed} expected: it renders when nothing changes")
endif()

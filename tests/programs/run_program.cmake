# Runs one chapter program and checks it: exit code 0 and a line "OK".
#   cmake -DPROGRAM=path -P run_program.cmake
# Without a usable CUDA device the program exits 77 and says "no CUDA device: <why>"; this script
# then prints a marker that ctest reports as skipped (SKIP_REGULAR_EXPRESSION): such a run proves
# nothing, so it must not pass. (cmake_language(EXIT) would need CMake 3.29; Debian 12 has 3.25.)
execute_process(COMMAND ${PROGRAM} RESULT_VARIABLE exit_code OUTPUT_VARIABLE out ERROR_VARIABLE err TIMEOUT 100)
message("${out}${err}")
if("${exit_code}" STREQUAL "77" OR "${out}${err}" MATCHES "no CUDA device|cudaErrorNoDevice|no CUDA-capable device|insufficient for CUDA runtime")
  message("SKIPPED: no CUDA device")
  return()
endif()
if(NOT "${exit_code}" STREQUAL "0")
  message(FATAL_ERROR "${PROGRAM} exited with ${exit_code}")
endif()
if(NOT "${out}" MATCHES "(^|\n)OK\n")
  message(FATAL_ERROR "${PROGRAM} did not print OK")
endif()

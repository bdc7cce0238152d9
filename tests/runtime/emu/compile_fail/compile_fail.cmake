# cmake -DCOMPILER=... -DINCLUDE_DIR=... -DSOURCE=... -DDEFINE=... -DEXPECT=... -P compile_fail.cmake
# Passes when SOURCE compiles without DEFINE (the control) and fails to compile with it, printing
# EXPECT (the emulator's own message, not some unrelated error).
foreach(var COMPILER INCLUDE_DIR SOURCE DEFINE EXPECT)
  if(NOT DEFINED ${var})
    message(FATAL_ERROR "compile_fail.cmake needs -D${var}=...")
  endif()
endforeach()
set(flags -std=c++20 -fsyntax-only -I${INCLUDE_DIR} ${SOURCE})

execute_process(COMMAND ${COMPILER} ${flags} RESULT_VARIABLE control_result ERROR_VARIABLE control_errors)
if(NOT control_result EQUAL 0)
  message(FATAL_ERROR "the control (without -D${DEFINE}) must compile, but:\n${control_errors}")
endif()

execute_process(COMMAND ${COMPILER} -D${DEFINE} ${flags} RESULT_VARIABLE result ERROR_VARIABLE errors)
if(result EQUAL 0)
  message(FATAL_ERROR "${SOURCE} compiled with -D${DEFINE}; the emulator must refuse it")
endif()
string(FIND "${errors}" "${EXPECT}" found)
if(found EQUAL -1)
  message(FATAL_ERROR "the compile failed, but without the emulator's message \"${EXPECT}\":\n${errors}")
endif()
message(STATUS "refused as expected: ${EXPECT}")

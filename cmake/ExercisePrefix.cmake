# Precompiles the emulator's exercise prefix (lessons/exercises/exercise_prefix.cuh): parsing the
# emulation headers was most of a check's compile time. Run at build time:
#   cmake -DCOMPILER=... -DCOMPILER_ID=GNU -DFLAGS="-std=c++20;-O1;..." -DEXERCISES_DIR=lessons/exercises
#         -DRUNTIME_INCLUDE=runtime/include -DOUT_DIR=<build>/share/cudalab/jit -DSTAMP_CPP=... -P ExercisePrefix.cmake
# OUT_DIR gets the header, the headers it includes (as the compiler found them), its .gch (g++
# only), the race detector's steps compiled to link into every check (race_runtime.o) and a
# stamp: a hash of all of that, the compiler and the flags. STAMP_CPP gets the same
# stamp compiled into the executable (lessons/exercises/precompiled_prefix.h), which uses OUT_DIR
# only when the two agree. FLAGS must be what runtime/emu/emu_jit.cpp compiles with
# (emu_jit_code_flags); tests/exercises/machinery_test.cpp checks that the .gch is taken.
file(GLOB emu_headers RELATIVE "${RUNTIME_INCLUDE}" "${RUNTIME_INCLUDE}/cudalab/emu/*.h")
file(GLOB probe_headers RELATIVE "${EXERCISES_DIR}" "${EXERCISES_DIR}/*.cuh")
list(SORT emu_headers)
list(SORT probe_headers)
set(signature "${COMPILER}\n${FLAGS}\n")
foreach(header IN LISTS emu_headers)
  file(READ "${RUNTIME_INCLUDE}/${header}" text)
  string(APPEND signature "${header}\n${text}\n")
endforeach()
foreach(header IN LISTS probe_headers)
  file(READ "${EXERCISES_DIR}/${header}" text)
  string(APPEND signature "${header}\n${text}\n")
endforeach()
string(SHA256 stamp "${signature}")

set(previous "")
if(EXISTS "${OUT_DIR}/stamp")
  file(READ "${OUT_DIR}/stamp" previous)
endif()
set(has_pch TRUE)
if(COMPILER_ID STREQUAL "GNU" AND (NOT EXISTS "${OUT_DIR}/exercise_prefix.cuh.gch" OR NOT EXISTS
                                    "${OUT_DIR}/cudalab/emu/program.h.gch"))
  set(has_pch FALSE)
endif()
if(NOT EXISTS "${OUT_DIR}/race_runtime.o")
  set(has_pch FALSE)
endif()
if(NOT previous STREQUAL stamp OR NOT has_pch)
  file(REMOVE_RECURSE "${OUT_DIR}")
  file(MAKE_DIRECTORY "${OUT_DIR}/cudalab/emu")
  foreach(header IN LISTS emu_headers)
    configure_file("${RUNTIME_INCLUDE}/${header}" "${OUT_DIR}/${header}" COPYONLY)
  endforeach()
  foreach(header IN LISTS probe_headers)
    configure_file("${EXERCISES_DIR}/${header}" "${OUT_DIR}/${header}" COPYONLY)
  endforeach()
  if(COMPILER_ID STREQUAL "GNU")
    execute_process(
      COMMAND "${COMPILER}" ${FLAGS} -I "${OUT_DIR}" -x c++-header "${OUT_DIR}/exercise_prefix.cuh" -o
              "${OUT_DIR}/exercise_prefix.cuh.gch"
      RESULT_VARIABLE failed ERROR_VARIABLE errors)
    if(failed)
      # Checks still work, reading the headers instead: slower, never wrong.
      message(WARNING "could not precompile the exercise prefix (${failed}): ${errors}")
      file(REMOVE "${OUT_DIR}/exercise_prefix.cuh.gch")
    endif()
  endif()
  # The whole program's prefix (cudalab/emu/program.h: `cudalab exec`, host-code exercises), found
  # the same way: OUT_DIR is searched first, the .gch beside the header.
  if(COMPILER_ID STREQUAL "GNU")
    execute_process(
      COMMAND "${COMPILER}" ${FLAGS} -I "${OUT_DIR}" -x c++-header "${OUT_DIR}/cudalab/emu/program.h" -o
              "${OUT_DIR}/cudalab/emu/program.h.gch"
      RESULT_VARIABLE failed ERROR_VARIABLE errors)
    if(failed)
      message(WARNING "could not precompile the program prefix (${failed}): ${errors}")
      file(REMOVE "${OUT_DIR}/cudalab/emu/program.h.gch")
    endif()
  endif()
  # The race detector's steps, which every check links (compiled into each check, they were most
  # of its compile time: #32). After the .gch, which this compile then takes too.
  execute_process(
    COMMAND "${COMPILER}" ${FLAGS} -I "${OUT_DIR}" -x c++ -c "${OUT_DIR}/race_runtime.cuh" -o "${OUT_DIR}/race_runtime.o"
    RESULT_VARIABLE failed ERROR_VARIABLE errors)
  if(failed)
    # Checks still work, compiling the steps into each check's unit: slower, never wrong.
    message(WARNING "could not compile the race detector's steps (${failed}): ${errors}")
    file(REMOVE "${OUT_DIR}/race_runtime.o")
  endif()
  file(WRITE "${OUT_DIR}/stamp" "${stamp}")
endif()

set(source "// Generated at build time by cmake/ExercisePrefix.cmake.
#include \"exercises/precompiled_prefix.h\"

const char* cudalab::lessons::exercises::exercise_prefix_stamp() { return \"${stamp}\"; }
")
set(existing "")
if(EXISTS "${STAMP_CPP}")
  file(READ "${STAMP_CPP}" existing)
endif()
if(NOT existing STREQUAL source)
  file(WRITE "${STAMP_CPP}" "${source}")
endif()

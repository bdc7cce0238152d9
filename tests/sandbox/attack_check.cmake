# Checks one hostile submission (tests/exercises/attacks/guard/sandbox--*.cu) with the real
# `cudalab check`, as a teacher would: from the class folder, with a secret in the environment,
# one in $HOME and one in a classmate's file beside it. Whatever the verdict (the kernel itself is
# right, or the grader refuses the file), none of the secrets may show, the sandbox line must,
# nothing the submission started may be running a moment later, and the grades stay as they were.
#   cmake -DEXE=cudalab -DATTACK=file.cu -DWORK=dir [-DNAMESPACES=0] [-DNEW_ROOT=0] [-DEXPECT=regex] -P attack_check.cmake
file(REMOVE_RECURSE ${WORK})
file(MAKE_DIRECTORY ${WORK}/class ${WORK}/home)
get_filename_component(name ${ATTACK} NAME)
configure_file(${ATTACK} ${WORK}/class/${name} COPYONLY)
file(WRITE ${WORK}/class/classmate.cu "// hunter2-classmate\n")
file(WRITE ${WORK}/home/.attack-secret "hunter2-home\n")
# The file a leftover process would rewrite (the attack can name only a fixed path).
set(grades /tmp/cudalab-attack-grades.csv)
file(WRITE ${grades} "alice,passed\n")
set(env HOME=${WORK}/home CUDALAB_ATTACK_SECRET=hunter2-env)
if(DEFINED NAMESPACES)
  list(APPEND env CUDALAB_SANDBOX_NAMESPACES=${NAMESPACES})
endif()
if(DEFINED NEW_ROOT)
  list(APPEND env CUDALAB_SANDBOX_NEW_ROOT=${NEW_ROOT})
endif()
execute_process(COMMAND ${CMAKE_COMMAND} -E env ${env} ${EXE} check guard ${WORK}/class/${name} --backend emu --time-limit 60
                WORKING_DIRECTORY ${WORK}/class RESULT_VARIABLE exit_code OUTPUT_VARIABLE out ERROR_VARIABLE err TIMEOUT 120)
message("${out}${err}")
if(NOT exit_code MATCHES "^[01]$")
  message(FATAL_ERROR "expected a verdict (exit 0 or 1), got ${exit_code}")
endif()
if("${out}${err}" MATCHES "hunter2")
  message(FATAL_ERROR "a secret of the teacher's reached the submission")
endif()
if(NOT "${out}${err}" MATCHES "Sandbox: ")
  message(FATAL_ERROR "the check did not say which sandbox it ran in")
endif()
if(DEFINED EXPECT AND NOT "${out}${err}" MATCHES "${EXPECT}")
  message(FATAL_ERROR "output does not match: ${EXPECT}")
endif()
# Nothing the submission started may still be running now that the check has returned: a process
# alive now could rewrite the grades later (the leftover attack sleeps 4.0417 s first), one gone
# now cannot. So look now rather than wait out the leftover's sleep. Every process's command line
# (ones that end meanwhile are skipped); the pattern is written so that this very command does not
# match it. The leftover's shell carries its script in its own command line from the fork on.
execute_process(COMMAND sh -c "for f in /proc/[0-9]*/cmdline; do tr '\\0' ' ' 2>/dev/null < $f; echo; done | grep 'sleep 4[.]0417'"
                OUTPUT_VARIABLE leftovers)
if(NOT leftovers STREQUAL "")
  message(FATAL_ERROR "a process the submission started outlived the check: ${leftovers}")
endif()
file(READ ${grades} after)
file(REMOVE ${grades})
if(NOT after STREQUAL "alice,passed\n")
  message(FATAL_ERROR "the grades were rewritten: ${after}")
endif()
file(REMOVE_RECURSE ${WORK})

# One short fuzz run for ctest: FUZZER over the committed seed CORPUS, RUNS executions.
# libFuzzer writes the inputs it finds into its first corpus folder: that is WORK, emptied first,
# so the committed seeds never change and every run starts from the same place. A crashing input
# is saved in WORK as crash-<sha1> (reproduce with: FUZZER WORK/crash-...).
file(REMOVE_RECURSE ${WORK})
file(MAKE_DIRECTORY ${WORK}/new)
execute_process(
  COMMAND ${FUZZER} -runs=${RUNS} -max_total_time=60 -timeout=10 -malloc_limit_mb=256 -print_final_stats=1
          -artifact_prefix=${WORK}/ ${WORK}/new ${CORPUS}
  RESULT_VARIABLE result)
if(NOT result EQUAL 0)
  file(GLOB found ${WORK}/crash-* ${WORK}/leak-* ${WORK}/timeout-* ${WORK}/oom-*)
  message(FATAL_ERROR "${FUZZER} failed (${result}); input saved: ${found}")
endif()

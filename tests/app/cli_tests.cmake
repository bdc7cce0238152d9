# One ctest per command line, including the error cases: exit code and words are both checked.
set(CUDALAB_EXE $<TARGET_FILE:cudalab>)
set(CLI_OUT ${CMAKE_CURRENT_BINARY_DIR}/cli)
file(MAKE_DIRECTORY ${CLI_OUT})

function(cudalab_cli_test name expect_exit expect_output)
  cmake_parse_arguments(ARG "NO_DISPLAY;SKIP_WITH_GPU" "FILE" "ARGS" ${ARGN})
  set(extra)
  if(ARG_NO_DISPLAY)
    list(APPEND extra -DNO_DISPLAY=1)
  endif()
  if(ARG_SKIP_WITH_GPU)
    list(APPEND extra -DSKIP_WITH_GPU=${CUDALAB_EXE})
  endif()
  if(ARG_FILE)
    list(APPEND extra -DEXPECT_FILE=${ARG_FILE})
  endif()
  # Arguments travel joined by '|' (a list would be split by add_test); the script splits them.
  string(REPLACE ";" "|" command "${CUDALAB_EXE};${ARG_ARGS}")
  add_test(NAME cli.${name}
           COMMAND ${CMAKE_COMMAND} "-DCOMMAND=${command}" -DEXPECT_EXIT=${expect_exit}
                   "-DEXPECT_OUTPUT=${expect_output}" ${extra} -P ${CMAKE_CURRENT_LIST_DIR}/cli_check.cmake)
  # The text commands speak the language of --lang, else settings.json, else the locale: pin the
  # last two so that the words checked here are English on every machine.
  set_tests_properties(cli.${name} PROPERTIES LABELS cli
                       SKIP_REGULAR_EXPRESSION "a GPU is present: this case is about machines without one"
                       ENVIRONMENT_MODIFICATION "LC_ALL=set:C.UTF-8;XDG_CONFIG_HOME=set:${CLI_OUT}/no-settings")
endfunction()

cudalab_cli_test(help 0 "list.*run.*shot" ARGS --help)
cudalab_cli_test(version 0 "cudalab [0-9]+\\.[0-9]+\\.[0-9]+" ARGS --version)
cudalab_cli_test(list 0 "machine +Your machine.*1\\. Host and device.*blocks_per_grid" ARGS list)
cudalab_cli_test(devices 0 "emu +CPU emulator" ARGS devices)
cudalab_cli_test(list_zh 0 "7 +warps +线程束.*1\\. 线程束与分支发散.*预测：" ARGS list --lang zh-CN)
cudalab_cli_test(devices_zh 0 "emu +CPU 模拟器" ARGS devices --lang zh-CN)
# Issue #14: the text commands in Chinese — the run's own words (facts, cells) through the patterns.
cudalab_cli_test(run_zh 0 "设备：CPU 模拟器.*运行了 8 个线程" ARGS run hello --step 1 --backend emu --lang zh-CN)
cudalab_cli_test(exercises_zh 0 "标题——检查什么.*输出与 CPU 对比" ARGS exercises --lang zh-CN)
cudalab_cli_test(run_machine_facts 0 "Your machine · step 1.*This machine's devices.*max threads per block"
                 ARGS run machine --backend emu)
cudalab_cli_test(run_machine_where 0 "blocks that recorded their SM +16"
                 ARGS run 0 --step 2 --backend emu --set blocks_per_grid=16 --json ${CLI_OUT}/where.json
                 FILE ${CLI_OUT}/where.json)
cudalab_cli_test(unknown_chapter 2 "unknown chapter 'nope' \\(chapters: machine" ARGS run nope)
cudalab_cli_test(unknown_step 2 "there is no step 9" ARGS run machine --step 9)
cudalab_cli_test(unknown_parameter 2 "unknown parameter 'colour'" ARGS run machine --step 2 --set colour=red)
cudalab_cli_test(parameter_out_of_range 2 "threads_per_block = 5000 is out of range"
                 ARGS run machine --step 2 --set threads_per_block=5000)
cudalab_cli_test(bad_backend 2 "backend" ARGS run machine --backend quantum)
cudalab_cli_test(gpu_missing 2 "no CUDA GPU can be used" ARGS run machine --backend gpu SKIP_WITH_GPU)
cudalab_cli_test(shot_unknown_chapter 2 "unknown chapter 'nope'" ARGS shot nope --out ${CLI_OUT}/x.png)
cudalab_cli_test(shot_bad_size 2 "--size must look like 1280x800" ARGS shot machine --out ${CLI_OUT}/x.png --size big)
cudalab_cli_test(shot_huge_size 2 "from 320x240 to 7680x4320.*100000x100000" ARGS shot machine --out ${CLI_OUT}/x.png --size 100000x100000)
cudalab_cli_test(no_display 2 "no display.*xvfb-run" NO_DISPLAY)
cudalab_cli_test(unknown_command 2 "frobnicate" ARGS frobnicate)
cudalab_cli_test(shot_bad_theme 2 "--theme: purple not in" ARGS shot machine --out ${CLI_OUT}/x.png --theme purple)
cudalab_cli_test(shot_bad_text_size 2 "--text-size: Value 500 not in range" ARGS shot machine --out ${CLI_OUT}/x.png --text-size 500)

# Runs go through the worker process: a kernel past its time limit, and one that writes past its
# buffer, each end with words and exit 1 (the fault drills chapter, listed with CUDALAB_FAULT_DRILLS=1).
cudalab_cli_test(run_time_limit 1 "stopped after [0-9.]+ s \\(the step's time limit is 1.0 s\\): the kernel was still running"
                 ARGS run faults --set fault=hang --backend emu --time-limit 1)
cudalab_cli_test(run_wild_write 1 "segmentation fault.*kernel write_past_end.*past its end"
                 ARGS run faults --set fault=write-past-end --set past_end=1 --backend emu)
set_tests_properties(cli.run_time_limit cli.run_wild_write PROPERTIES ENVIRONMENT CUDALAB_FAULT_DRILLS=1)
# Predict, then run: the question is listed, the answer judged against the run, and kept in its JSON.
cudalab_cli_test(list_predictions 0 "1\\. Launch configuration.*predict: How many lines will the console show for 2 blocks of 4 threads"
                 ARGS list)
cudalab_cli_test(predict_right 0 "You predicted 8 lines; the run says 8 lines\\. Right\\."
                 ARGS run hello --backend emu --predict 8 --json ${CLI_OUT}/predicted.json
                 FILE ${CLI_OUT}/predicted.json)
cudalab_cli_test(predict_wrong 0 "You predicted 6 lines; the run says 15 lines\\. Not this time"
                 ARGS run hello --backend emu --set blocks_per_grid=3 --set threads_per_block=5 --predict 6)
cudalab_cli_test(predict_choice 0 "You predicted \"Before the kernel has finished\"; the run says \"Before"
                 ARGS run hello --step 2 --backend emu --set spin_us=20000 --predict 2)
cudalab_cli_test(predict_not_a_number 2 "'eight' is not a number" ARGS run hello --backend emu --predict eight)
cudalab_cli_test(predict_bad_choice 2 "'3' is not one of the choices: 1 \\(After the kernel has finished\\)"
                 ARGS run hello --step 2 --backend emu --predict 3)
# Recordings: `record` saves every step's run and a manifest (on the emulator only when asked);
# without a GPU a plain `record` says so; a saved run opens by name, and a bad file is said.
cudalab_cli_test(record_emulator 0 "3 steps recorded, 0 failed; manifest"
                 ARGS record --backend emu --chapter hello --out ${CLI_OUT}/recorded
                 FILE ${CLI_OUT}/recorded/recording.json)
# The per-step table (issue #32): every step at the emulator's defaults, timed; none may fail.
cudalab_cli_test(bench_steps 0 "[0-9]+ steps in [0-9.]+ s; slowest [a-z]+ step [0-9]+ \\([0-9.]+ s\\); [0-9]+ over 2 s; 0 failed"
                 ARGS bench emulator --steps)
# --rounds and --repeats reach the emulator's table: each figure's median and best over the rounds.
cudalab_cli_test(bench_emulator_rounds 0 "each is the median of 1 runs.*round 2 of 2.*matmul_shared \\(16x16\\), n = 128, 1 worker +[0-9.]+ s +[0-9.]+ s +2"
                 ARGS bench emulator --rounds 2 --repeats 1)
cudalab_cli_test(bench_emulator_no_rounds 2 "--rounds: Value 0 not in range" ARGS bench emulator --rounds 0)
cudalab_cli_test(record_needs_a_gpu 2 "no CUDA GPU can be used|record needs a GPU" SKIP_WITH_GPU
                 ARGS record --out ${CLI_OUT}/not-recorded)
cudalab_cli_test(open_missing_run 2 "cannot open|does not exist|No such file|could not" ARGS ${CLI_OUT}/no-such-run.json)
# A run from someone else is input (issue #26): one field of the wrong type, a parameter out of range.
cudalab_cli_test(open_run_field_of_wrong_type 2 "hello-2--synchronize-is-text.json: its pictures could not be made"
                 ARGS ${PROJECT_SOURCE_DIR}/tests/app/runs/hello-2--synchronize-is-text.json)
cudalab_cli_test(open_run_out_of_range 2 "its parameters are not this step's: spin_us = 200000000000 is out of range"
                 ARGS ${PROJECT_SOURCE_DIR}/tests/app/runs/hello-2--spin-out-of-range.json)

# Exercises and the grader: exit 0 passed, 1 not passed, 2 bad input.
set(GUARD_DIR ${PROJECT_SOURCE_DIR}/lessons/02_threads/exercises/guard)
set(GUARD_VARIANTS ${PROJECT_SOURCE_DIR}/tests/exercises/variants/guard)
cudalab_cli_test(exercises 0 "guard +02_threads.*Add ten, with a guard.*matmul_tiled" ARGS exercises)
cudalab_cli_test(exercise_starter 0 "__global__ void add_ten\\(const float\\* a, float\\* out, int n\\).*TODO"
                 ARGS exercise guard --starter)
cudalab_cli_test(exercise_hints 0 "- The global index" ARGS exercise guard --hints)
cudalab_cli_test(exercise_unknown 2 "no exercise named \"nope\"; there are: .*map, zip, .*round_trip" ARGS exercise nope)
cudalab_cli_test(check_passed 0 "Passed all 3 tests.*CPU emulator"
                 ARGS check guard ${GUARD_DIR}/solution.cu --backend emu --json ${CLI_OUT}/verdict.json
                 FILE ${CLI_OUT}/verdict.json)
cudalab_cli_test(check_out_of_bounds 1 "Out of bounds: test 2 of 3.*thread \\(232,0,0\\) of block \\(3,0,0\\) read a\\[1000\\]"
                 ARGS check guard ${GUARD_VARIANTS}/out_of_bounds--missing-guard.cu --backend emu)
# Valid CUDA a grader must accept (tests/exercises/valid): on the emulator here; the GPU's NVRTC
# path is not changed by them.
cudalab_cli_test(check_valid_standard_includes 0 "Passed all 3 tests"
                 ARGS check guard ${PROJECT_SOURCE_DIR}/tests/exercises/valid/guard/passed--standard-includes.cu --backend emu)
# Hostile submissions (tests/exercises/attacks): the grader's limits hold and its words stay.
set(GUARD_ATTACKS ${PROJECT_SOURCE_DIR}/tests/exercises/attacks/guard)
# On the emulator a kernel may import only what device code may call (runtime/emu/host_imports.h):
# the attacks that write to the worker's channel are refused before they are loaded. (What they
# would do to a worker taken over all the same: tests/app/worker_channel_test.cpp.)
cudalab_cli_test(check_attack_flood 1 "Does not compile.*calls [^:]*`write`[^:]*: host code"
                 ARGS check guard ${GUARD_ATTACKS}/flood--progress-forever.cu --backend emu --time-limit 20)
cudalab_cli_test(check_attack_deep_message 1 "Does not compile.*calls [^:]*`write`[^:]*: host code"
                 ARGS check guard ${GUARD_ATTACKS}/deep--nested-message.cu --backend emu --time-limit 20)
cudalab_cli_test(check_attack_forged_pass 1 "Does not compile.*calls [^:]*`write`[^:]*: host code"
                 ARGS check guard ${GUARD_ATTACKS}/forged--passed-message.cu --backend emu --time-limit 20)
# Host code prints what it likes: the verdict stays the grader's, the printing is shown under its
# heading, and a terminal escape reaches the terminal as text.
cudalab_cli_test(check_attack_host_code_raw_system_call 1 "Does not compile.*inline assembly \\(asm\\) runs only on a GPU"
                 ARGS check round_trip ${PROJECT_SOURCE_DIR}/tests/exercises/attacks/round_trip/asm--raw-system-call-from-host-code.cu
                      --backend emu --time-limit 20)
cudalab_cli_test(check_attack_host_code_prints_a_pass 1
                 "Wrong result: test 1 of 4.*Printed by the program:.\\\\x1B\\[2J\\\\x1B\\[HPassed all 4 tests"
                 ARGS check round_trip ${PROJECT_SOURCE_DIR}/tests/exercises/attacks/round_trip/forged--prints-passed-and-clears-the-screen.cu
                      --backend emu --time-limit 20)
# The probe's records live in the worker beside the kernel: a speed exercise's trace, forged by a
# kernel that names the probe (spelled by token pasting), must not make a slow kernel fast.
cudalab_cli_test(check_attack_forged_speed_trace 1 "Does not compile.*the names cudalab and cudalab_probe are the grader's own"
                 ARGS check row_sums_coalesced ${PROJECT_SOURCE_DIR}/tests/exercises/attacks/row_sums_coalesced/forged--speed-trace.cu
                      --backend emu --time-limit 20)
cudalab_cli_test(check_attack_environment 1 "Does not compile.*calls [^:]*`getenv`[^:]*: host code"
                 ARGS check guard ${GUARD_ATTACKS}/host--environment-at-load.cu --backend emu --time-limit 20)
cudalab_cli_test(check_attack_asm 1 "Does not compile.*inline assembly \\(asm\\) runs only on a GPU"
                 ARGS check guard ${GUARD_ATTACKS}/asm--raw-system-call.cu --backend emu --time-limit 20)
cudalab_cli_test(check_missing_file 2 "cannot read" ARGS check guard ${CLI_OUT}/no-such-kernel.cu)
cudalab_cli_test(check_unknown_exercise 2 "no exercise named \"nope\"" ARGS check nope ${GUARD_DIR}/solution.cu)
cudalab_cli_test(check_folder 1 "solution.cu +passed.*starter.cu +wrong result.*1 of 2 submissions passed guard"
                 ARGS check guard ${GUARD_DIR} --backend emu -j 2 --csv ${CLI_OUT}/grades.csv FILE ${CLI_OUT}/grades.csv)
# `exec --backend gpu` without a GPU says why and what runs instead; `auto` runs on the emulator.
cudalab_cli_test(exec_gpu_without_one 1 "no CUDA GPU can be used.*--backend emu runs the program on the emulator"
                 SKIP_WITH_GPU ARGS exec ${PROJECT_SOURCE_DIR}/lessons/01_hello_kernel/program.cu --backend gpu)
cudalab_cli_test(exec_auto 0 "0 1 4 9 16 25 36 49 64 81.*OK" ARGS exec ${PROJECT_SOURCE_DIR}/lessons/01_hello_kernel/program.cu --backend auto)
# A speed exercise's class is ranked by its measure: those that passed first, the too slow after.
cudalab_cli_test(check_folder_leaderboard 1
                 "Leaderboard: sectors per warp request \\(reads of a\\), lower is better \\(counted on the CPU emulator\\).* 1  passed--row-pointer-and-warpSize.cu +4.00 +≤ 4.50  passed.* 3  too_slow--emu-only--each-lane-sums-its-own-block-of-columns.cu +32.00 +≤ 4.50  Too slow: 32.00 sectors per warp request \\(reads of a\\); the goal is at most 4.50.* -  does_not_compile"
                 ARGS check row_sums_coalesced ${PROJECT_SOURCE_DIR}/tests/exercises/variants/row_sums_coalesced --backend emu -j 2)

# Two executables (cli/commands.h): the command line and its workers link no GUI library…
find_program(CUDALAB_READELF NAMES readelf)
if(CUDALAB_READELF)
  add_test(NAME cli.no_gui_imports
           COMMAND ${CMAKE_COMMAND} -DCOMMAND_LINE=$<TARGET_FILE:cudalab> -DWINDOW=$<TARGET_FILE:cudalab-app>
                   -DREADELF=${CUDALAB_READELF} -P ${CMAKE_CURRENT_LIST_DIR}/no_gui_imports.cmake)
  set_tests_properties(cli.no_gui_imports PROPERTIES LABELS cli)
endif()
# …and a command line without its window says so when asked for the window, in words.
set(LONE_CLI ${CLI_OUT}/lone)
add_test(NAME cli.window_missing
         COMMAND ${CMAKE_COMMAND} -E env sh -c
                 "rm -rf '${LONE_CLI}' && mkdir -p '${LONE_CLI}' && cp '$<TARGET_FILE:cudalab>' '${LONE_CLI}/' && '${LONE_CLI}/cudalab' shot machine --out '${LONE_CLI}/x.png'; echo \"exit $?\"")
set_tests_properties(cli.window_missing PROPERTIES LABELS cli
                     PASS_REGULAR_EXPRESSION "the window could not be opened: .*cudalab-app did not start \\(No such file or directory\\); every command works without it.*exit 2")

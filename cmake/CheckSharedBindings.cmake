# cudalab_check_shared_bindings(EMU_UNIT file SOURCES kernel files...)
# Every `extern __shared__ T name[]` of the kernel files must be bound in the emulator unit by
# CUDALAB_EMU_DYNAMIC_SHARED(T, name) (cudalab/emu/bind.h); otherwise the link fails with a bare
# "undefined reference". Checked at configure time, so the message can say what to write.
function(cudalab_check_shared_bindings)
  cmake_parse_arguments(ARG "" "EMU_UNIT" "SOURCES" ${ARGN})
  file(READ ${ARG_EMU_UNIT} unit)
  string(REGEX REPLACE "[ \t]+" " " unit "${unit}")
  foreach(source ${ARG_SOURCES})
    file(READ ${source} text)
    string(REGEX MATCHALL "extern __shared__ [A-Za-z_0-9:<> ]+ [A-Za-z_0-9]+ *\\[\\]" declarations "${text}")
    foreach(declaration ${declarations})
      string(REGEX REPLACE "extern __shared__ ([A-Za-z_0-9:<> ]+) ([A-Za-z_0-9]+) *\\[\\]" "\\1;\\2" parts "${declaration}")
      list(GET parts 0 type)
      list(GET parts 1 name)
      string(STRIP "${type}" type)
      string(REGEX REPLACE "^(alignas\\([0-9]+\\) )" "" type "${type}")
      if(NOT unit MATCHES "CUDALAB_EMU_DYNAMIC_SHARED\\( ?${type} ?, ?${name} ?\\)")
        file(RELATIVE_PATH unit_name ${PROJECT_SOURCE_DIR} ${ARG_EMU_UNIT})
        file(RELATIVE_PATH source_name ${PROJECT_SOURCE_DIR} ${source})
        message(FATAL_ERROR "${source_name} declares `${declaration}`, which the emulator needs bound: add\n"
                            "  CUDALAB_EMU_DYNAMIC_SHARED(${type}, ${name})\n"
                            "to ${unit_name}, inside its emu_kernels namespace before the #include of the kernels.")
      endif()
    endforeach()
  endforeach()
endfunction()

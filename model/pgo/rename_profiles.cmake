# Hands the training run's profiles to the optimized library: GCC names each
# profile after its object file's path ('/' written '#'), so the training
# library's "…#inflight_model_train.dir#run.cpp.gcda" becomes the profile of
# "…#inflight_model.dir#run.cpp.o". Called with -DRAW=dir -DOUT=dir -DSTAMP=file.
file(GLOB profiles "${RAW}/*.gcda")
if(NOT profiles)
  message(FATAL_ERROR "the model's training run wrote no profile in ${RAW}")
endif()
file(REMOVE_RECURSE "${OUT}")
file(MAKE_DIRECTORY "${OUT}")
foreach(p IN LISTS profiles)
  get_filename_component(name "${p}" NAME)
  string(REPLACE "#inflight_model_train.dir#" "#inflight_model.dir#" name "${name}")
  file(COPY_FILE "${p}" "${OUT}/${name}")
endforeach()
list(LENGTH profiles n)
file(WRITE "${STAMP}" "${n} profiles\n")

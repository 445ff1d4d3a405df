# Hands the training run's profiles to the optimized library: GCC names each
# profile after its object file's path ('/' written '#'), so the training
# room's "…#inflight_model_engine_train.dir#engine#run.cpp.gcda" becomes the
# profile of "…#inflight_model_engine.dir#engine#run.cpp.o". Called with -DRAW=dir -DOUT=dir -DSTAMP=file.
file(GLOB profiles "${RAW}/*.gcda")
if(NOT profiles)
  message(FATAL_ERROR "the model's training run wrote no profile in ${RAW}")
endif()
file(REMOVE_RECURSE "${OUT}")
file(MAKE_DIRECTORY "${OUT}")
foreach(p IN LISTS profiles)
  get_filename_component(name "${p}" NAME)
  string(REGEX REPLACE "#(inflight_model_[a-z]+)_train\\.dir#" "#\\1.dir#" name "${name}")
  file(COPY_FILE "${p}" "${OUT}/${name}")
endforeach()
list(LENGTH profiles n)
file(WRITE "${STAMP}" "${n} profiles\n")

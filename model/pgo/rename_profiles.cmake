# Hands the training run's profiles to the optimized library: GCC names each
# profile after its object file's path ('/' written '#'), so the training
# room's "…#inflight_model_engine_train.dir#engine#run.cpp.gcda" becomes the
# profile of "…#inflight_model_engine.dir#engine#run.cpp.o". Called with
# -DRAW=dir -DOUT=dir -DSTAMP=file -DID_HEADER=file.
#
# ID_HEADER names the profiles by a hash of their bytes. Every object built
# with the profile includes it (pgo.cmake), so the compiler's dependency
# list holds it and a new profile rebuilds each of them: without it, an
# object whose sources had not changed kept code laid out by the profile
# before (measured: ten flows 27% slower until run.cpp was touched). It is
# rewritten only when the hash changes, so a training that gives the same
# profile rebuilds nothing.
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
list(SORT profiles)
set(hashes "")
foreach(p IN LISTS profiles)
  file(MD5 "${p}" h)
  string(APPEND hashes "${h}")
endforeach()
string(MD5 profile_id "${hashes}")
set(id_text "// The model's profile for -fprofile-use: ${profile_id} (written by rename_profiles.cmake)\n")
set(old_text "")
if(EXISTS "${ID_HEADER}")
  file(READ "${ID_HEADER}" old_text)
endif()
if(NOT old_text STREQUAL id_text)
  file(WRITE "${ID_HEADER}" "${id_text}")
endif()
list(LENGTH profiles n)
file(WRITE "${STAMP}" "${n} profiles\n")

(* The other files of a model's directory, which go with it when it is
   converted or dequantized into a new directory: config.json, the
   tokenizer's files, the README ... . Not the model's own files (its
   shards and index), which the command writes anew, and not weights of
   another format (pytorch_model.bin beside safetensors shards, and
   their index), which would no longer be the model's. *)

(* The endings of the files of weights, and of their indexes. *)
let weight_suffixes =
  [ ".safetensors"; ".bin"; ".pt"; ".pth"; ".ckpt"; ".gguf"; ".h5"; ".msgpack"; ".onnx"; ".npz";
    ".npy"; ".index.json" ]

let is_weights f =
  let f = String.lowercase_ascii f in
  List.exists (Filename.check_suffix f) weight_suffixes

(* The file names of [dir] to copy, in the order of their names: every
   regular file but [model] (the model's own files), [skip] and weights.
   Each weight file and directory left out is named on stderr. *)
let to_copy ~dir ~model ~skip =
  let entries = try Sys.readdir dir with Sys_error m -> Cli_error.failed "%s" m in
  Array.sort compare entries;
  List.filter
    (fun f ->
      let p = Filename.concat dir f in
      match (Unix.stat p).st_kind with
      | Unix.S_REG when List.mem f model || List.mem f skip -> false
      | Unix.S_REG when is_weights f ->
          Text.warn "%s: weights of another format, not copied" p;
          false
      | Unix.S_REG -> true
      | Unix.S_DIR ->
          Text.warn "%s: a directory, not copied" p;
          false
      | _ -> false
      | exception Unix.Unix_error _ -> false)
    (Array.to_list entries)

(* [write path text ~like ~what] writes [text] to [path] whole or not at
   all, with [like]'s permissions; [what] says what is written already
   when it fails. *)
let write path text ~like ~what =
  let out = Output_file.create ~input:like path in
  match Unix.write_substring (Output_file.descr out) text 0 (String.length text) with
  | _ -> Output_file.commit out
  | exception Unix.Unix_error (e, _, _) ->
      Output_file.abort out;
      Cli_error.failed "%s: cannot write: %s (%s; %s is not)" path (Unix.error_message e) what
        (Filename.basename path)

(* Copies [files] of [src] into [dst]. *)
let copy ~src ~dst ~what files =
  List.iter
    (fun f ->
      let p = Filename.concat src f in
      let text =
        try In_channel.with_open_bin p In_channel.input_all
        with Sys_error m -> Cli_error.failed "%s" m
      in
      write (Filename.concat dst f) text ~like:(Unix.stat p) ~what)
    files

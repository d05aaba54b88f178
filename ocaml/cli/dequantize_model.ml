(* nx-dtype dequantize MODEL_DIR OUT_DIR: a quantized checkpoint
   directory, read by its config.json's quantization_config
   (Nx_array.Quantized), written as a float one: every quantized weight
   dequantized into --to's dtype a piece at a time, its scales and the
   activations' tensors dropped, the other tensors as they are, sharded
   as Checkpoint.write lays shards out; then the directory's other
   regular files copied, and config.json, without its
   quantization_config and with the new torch_dtype, written last (an
   older one in the output directory removed first). Every file is a
   temporary one renamed into place: an error or a signal before the end
   leaves no shard half-written and no config.json. Memory is bounded by
   a piece: each is made in one scratch array, and the mapped pages it
   read are let go once it is written. Shards of more than
   Progress.threshold bytes show convert's progress line, of the bytes
   written. *)

open Nx_array

(* Files of a quantized model's directory that describe its
   quantization: not copied. *)
let not_copied = [ "hf_quant_config.json" ]

let write (type s) (dt : (float, s) Dtype.t) ~max_shard_size input output =
  let dtype_name = Dtype.name dt in
  Sys.set_signal Sys.sigxfsz Sys.Signal_ignore;
  let c = match Checkpoint.open_dir input with Ok c -> c | Error m -> Cli_error.failed "%s" m in
  let src = Checkpoint.dir c in
  let q =
    match Quantized.of_checkpoint c with
    | Ok (Some q) -> q
    | Ok None ->
        Cli_error.failed "%s: no quantization_config in its config.json: nothing to dequantize \
                          (nx-dtype convert casts a float checkpoint)" input
    | Error m -> Cli_error.failed "%s" m
  in
  let config = Filename.concat src "config.json" in
  let new_config =
    match
      Quantized.dequantized_config (In_channel.with_open_bin config In_channel.input_all)
        ~dtype:dtype_name
    with
    | Ok s -> s
    | Error m -> Cli_error.failed "%s: %s" config m
    | exception Sys_error m -> Cli_error.failed "%s: cannot read: %s" config m
  in
  let exists = Sys.file_exists output in
  if exists && not (Sys.is_directory output) then
    Cli_error.failed "%s is a file: name the model's directory" output;
  if exists && Unix.realpath output = Unix.realpath src then
    Cli_error.failed "%s is the input's directory: write the model elsewhere" output;
  (* No file this writes or removes may be one of the input's. *)
  if exists then begin
    let inputs =
      List.filter_map
        (fun f -> try Some (Unix.stat (Filename.concat src f)) with Unix.Unix_error _ -> None)
        (Option.to_list (Checkpoint.index c) @ Checkpoint.shards c)
    in
    Array.iter
      (fun f ->
        match Unix.stat (Filename.concat output f) with
        | o when List.exists (fun (s : Unix.stats) -> s.st_dev = o.st_dev && s.st_ino = o.st_ino) inputs ->
            Cli_error.failed "%s holds the input %s: write the model elsewhere" output f
        | _ | (exception Unix.Unix_error _) -> ())
      (try Sys.readdir output with Sys_error _ -> [||])
  end;
  let dtype = Option.get (Safetensors.dtype_to_string dt) in
  (* The progress line counts the bytes written, of their total; shown
     when the shards read hold more than Progress.threshold bytes. *)
  let out_bytes =
    List.fold_left
      (fun n -> function
        | Quantized.Keep name -> (
            match Checkpoint.get_tensor c name with
            | Safetensors.Tensor a -> n + nbytes_of a
            | Safetensors.Raw r -> n + nbytes_of r.data)
        | Quantized.Drop _ -> n
        | Quantized.Weight w -> n + Dtype.bytes dt (Array.fold_left ( * ) 1 (Quantized.dims w)))
      0 (Quantized.items q)
  in
  let in_bytes =
    List.fold_left
      (fun n f -> n + try (Unix.stat (Filename.concat src f)).st_size with Unix.Unix_error _ -> 0)
      0 (Checkpoint.shards c)
  in
  let progress, started =
    Progress.line ~label:"dequantize" ~show:(in_bytes > Progress.threshold) ~total:out_bytes
  in
  (* Every stream reads its input a piece at a time, and lets the
     mapped pages it read go once the piece is written: the process
     holds a piece of a shard, not the shard. *)
  let scratch = [| create dt [| 0 |]; create dt [| 0 |] |] in
  let piece_of k n =
    if size scratch.(k) < n then scratch.(k) <- create dt [| n |];
    of_buffer dt [| n |] (Bigarray.Array1.sub (buffer scratch.(k)) 0 (Dtype.bytes dt n))
  in
  (* A weight's pieces, each made while the one before is written: a
     thread makes piece i + 1 into the other scratch array (its kernel
     runs without the runtime lock, as the write does). *)
  let make w i = let p = piece_of (i land 1) (Quantized.piece_size w i) in Quantized.dequantize_piece_into w i p; p in
  let write_weight w emit =
    let n = Quantized.pieces w in
    let cur = ref (if n > 0 then Some (make w 0) else None) in
    for i = 0 to n - 1 do
      let next = ref (Error Exit) in
      let maker =
        if i + 1 < n then Some (Thread.create (fun () -> next := (try Ok (make w (i + 1)) with e -> Error e)) ())
        else None
      in
      let p = Option.get !cur in
      (match emit (buffer p) with
       | () -> ()
       | exception e -> Option.iter Thread.join maker; raise e);
      Quantized.release_piece w i;
      progress (float (nbytes_of p));
      Option.iter Thread.join maker;
      cur := if i + 1 < n then Some (match !next with Ok p -> p | Error e -> raise e) else None
    done
  in
  let streams =
    List.filter_map
      (function
        | Quantized.Keep n ->
            let s = Safetensors.stream n (Checkpoint.get_tensor c n) in
            let write emit =
              s.write (fun b ->
                  let len = Bigarray.Array1.dim b and step = 1 lsl 21 in
                  let rec go at =
                    if at < len then begin
                      let p = Bigarray.Array1.sub b at (min step (len - at)) in
                      emit p;
                      Private.release_mapped p;
                      progress (float (Bigarray.Array1.dim p));
                      go (at + step)
                    end
                  in
                  go 0)
            in
            Some { s with write }
        | Quantized.Drop _ -> None
        | Quantized.Weight w ->
            Some { Safetensors.name = Quantized.name w; dtype; shape = Quantized.dims w; write = write_weight w })
      (Quantized.items q)
  in
  if not exists then (
    try Unix.mkdir output 0o777
    with Unix.Unix_error (e, _, _) ->
      Cli_error.failed "cannot create %s: %s" output (Unix.error_message e));
  let undo () = if not exists then try Unix.rmdir output with Unix.Unix_error _ -> () in
  (* An older config.json of the output goes first: until the new one is
     written last, the directory is no model. *)
  (let old = Filename.concat output "config.json" in
   if exists && Sys.file_exists old then
     try Sys.remove old with Sys_error m -> Cli_error.failed "%s" m);
  (match
     Checkpoint.write ~temp_file:Output_file.temp ~released:Output_file.release ~sync:true ?max_shard_size
       ?metadata:(Checkpoint.metadata c) output streams
   with
   | Ok () -> Progress.newline started
   | Error m -> Progress.newline started; undo (); Cli_error.failed "%s" m
   | exception Invalid_argument m ->
       Progress.newline started; undo (); Cli_error.failed "%s: %s" output (Cli_error.library m)
   | exception e -> Progress.newline started; undo (); raise e);
  let what = "the shards are written" in
  let config_stats = Unix.stat config in
  let model = Option.to_list (Checkpoint.index c) @ Checkpoint.shards c in
  Model_files.copy ~src ~dst:output ~what
    (Model_files.to_copy ~dir:src ~model ~skip:("config.json" :: not_copied));
  Model_files.write (Filename.concat output "config.json") new_config ~like:config_stats ~what

let run ~into ~max_shard_size input output =
  let (Dtype.Any dt) = Cli_error.dtype_of_name (Option.value into ~default:"float32") in
  match dt with
  | Dtype.Float64 -> write dt ~max_shard_size input output
  | Dtype.Float32 -> write dt ~max_shard_size input output
  | Dtype.Float16 -> write dt ~max_shard_size input output
  | Dtype.Bfloat16 -> write dt ~max_shard_size input output
  | _ -> Cli_error.fail "dequantize a model into float64, float32, float16 or bfloat16, not %s" (Dtype.name dt)

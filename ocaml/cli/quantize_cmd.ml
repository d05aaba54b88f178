(* nx-dtype quantize IN OUT.gguf --type T: a model's float tensors into
   ggml's block types as llama.cpp's llama-quantize writes them. IN is a
   GGUF model (a split one from any shard), a safetensors file or a
   checkpoint (a directory of shards and their index, or the index); T a
   llama.cpp file type (Q4_K_M ...), whose rules (Quant_mix) choose each
   tensor's type, or a ggml type (every tensor the rules let be quantized
   into it, as --pure). F32, F16 and BF16 tensors are quantized (F16 and
   BF16 widened to float32 first, exactly, as llama.cpp does); others are
   copied. A GGUF model's tensors are taken, counted by the rules and
   written in llama-quantize's order (Quant_mix.compare_names: by layer,
   then name); other inputs' in theirs. The metadata is the input's,
   without split keys, then
   general.quantization_version (2) and general.file_type (the file
   type's llama_ftype value), as llama.cpp sets them. Every target type
   is checked before anything is written; the output is streamed, a
   piece of rows at a time, to a temporary file renamed into place. An
   importance matrix (--imatrix) weighs each expert of a 3-D tensor with
   its own row of weights. --report then prints error IN OUT's report of
   the file written (Error_cmd.against). *)

open Nx_array

type opts = {
  ty : string option;
  imatrix : string option;
  pure : bool;
  report : bool;
  histogram : bool;
  files : string list;
}

let parse args =
  let rec go o = function
    | [] -> { o with files = List.rev o.files }
    | "--type" :: t :: rest when o.ty = None -> go { o with ty = Some t } rest
    | "--imatrix" :: f :: rest when o.imatrix = None -> go { o with imatrix = Some f } rest
    | "--pure" :: rest -> go { o with pure = true } rest
    | "--report" :: rest -> go { o with report = true } rest
    | "--histogram" :: rest -> go { o with report = true; histogram = true } rest
    | ("--type" | "--imatrix") :: [] -> Cli_error.fail "quantize: an option lacks its value"
    | ("--type" | "--imatrix") as k :: _ :: _ -> Cli_error.fail "quantize: %s is given twice" k
    | a :: _ when String.length a > 1 && a.[0] = '-' -> Cli_error.fail "quantize: unknown option %s" a
    | f :: rest -> go { o with files = f :: o.files } rest
  in
  go { ty = None; imatrix = None; pure = false; report = false; histogram = false; files = [] } args

(* Whether [args] ask for this command (--type, or an option only it
   has) rather than Block's quantize (--scheme). *)
let wanted args =
  List.mem "--type" args
  || (not (List.mem "--scheme" args))
     && List.exists (fun a -> List.mem a args) [ "--pure"; "--imatrix"; "--report"; "--histogram" ]

(* A tensor of the input: its name, type, numpy dimensions and value. *)
type input = { name : string; ggml_type : Gguf.ggml_type; dims : int array; tensor : Gguf.tensor }

(* The tensors of safetensors [infos], [get] giving each one's. *)
let safetensors_inputs path infos get =
  List.map
    (fun (i : Safetensors.info) ->
      match get i.name with
      | Safetensors.Tensor a -> (
          let t = Gguf.Tensor a in
          match Gguf.stream i.name t with
          | s -> { name = i.name; ggml_type = s.ggml_type; dims = Array.copy i.shape; tensor = t }
          | exception Invalid_argument _ ->
              Cli_error.failed "%s: tensor %S is %s, which GGUF has not" path i.name i.dtype)
      | Safetensors.Raw _ -> Cli_error.failed "%s: tensor %S is %s, which GGUF has not" path i.name i.dtype)
    infos

(* IN: a safetensors file, a checkpoint (a directory of shards and their
   index, or the index file), else a GGUF model. Its format (for
   --report's reading of it again), its stats and those of the files it
   is made of (which OUT must not be), its GGUF metadata and its
   tensors. *)
let read_input path =
  let stat p =
    try Unix.stat p
    with Unix.Unix_error (e, _, _) -> Cli_error.failed "cannot read %s: %s" p (Unix.error_message e)
  in
  let stats = stat path in
  (* A model its config.json says is quantized (fp8, compressed-tensors
     ...) stores elements that need its scales: quantizing them, or
     copying its integer weights, would give a wrong model. *)
  let refuse_quantized dir =
    match Convert_cmd.quantization_method_of_dir dir with
    | Some (config, m) ->
        Cli_error.failed "%s: %s quantizes the model (%s): its stored elements need their scales; \
                          dequantize it first (nx-dtype dequantize MODEL_DIR OUT_DIR)" path config m
    | None -> ()
  in
  match Source.format_of path with
  | Source.Safetensors_file ->
      refuse_quantized (Filename.dirname path);
      let st = match Safetensors.map_file path with Ok s -> s | Error m -> Cli_error.failed "%s" m in
      (Source.Safetensors_file, stats, [], [], safetensors_inputs path (Safetensors.tensors st) (Safetensors.get_tensor st))
  | Source.Checkpoint_dir ->
      let c = match Checkpoint.open_ path with Ok c -> c | Error m -> Cli_error.failed "%s" m in
      refuse_quantized (Checkpoint.dir c);
      let files = Option.to_list (Checkpoint.index c) @ Checkpoint.shards c in
      let also = List.map (fun f -> stat (Filename.concat (Checkpoint.dir c) f)) files in
      (Source.Checkpoint_dir, stats, also, [], safetensors_inputs path (Checkpoint.tensors c) (Checkpoint.get_tensor c))
  | _ ->
      let m = match Gguf.Model.open_ path with Ok m -> m | Error e -> Cli_error.failed "%s" e in
      let also = List.map (fun (p, _) -> stat p) (Gguf.Model.shards m) in
      (* In llama-quantize's order, which its rules count by. *)
      let inputs =
        List.map
          (fun (i : Gguf.info) ->
            { name = i.name; ggml_type = i.ggml_type; dims = i.dims; tensor = Gguf.Model.get_tensor m i.name })
          (Gguf.Model.tensors m)
        |> List.stable_sort (fun (a : input) b -> Quant_mix.compare_names a.name b.name)
      in
      (Source.Gguf_file, stats, also, Gguf.Model.metadata m, inputs)

let is_float_source (g : Gguf.ggml_type) = List.mem g.type_name [ "F32"; "F16"; "BF16" ]

(* The values of each piece: at most this many, whole rows. *)
let piece_values = 1 lsl 22

let progress_threshold = 64 * 1024 * 1024

(* The index of the first value of [x] that is not finite. *)
let first_nonfinite (x : (float, Dtype.float32_elt) Nx_array.t) =
  let a = Nx_array.reshape x [| Nx_array.size x |] in
  let rec go i = if i < Nx_array.size x && Float.is_finite (get a [| i |]) then go (i + 1) else i in
  go 0

(* The float32 values [first, first + n) of the float array [a]. *)
let f32_piece (type s) (a : (float, s) Nx_array.t) first n : (float, Dtype.float32_elt) Nx_array.t =
  let dt = dtype a in
  let bytes = Dtype.bytes dt in
  let b = Bigarray.Array1.sub (buffer a) (bytes first) (bytes n) in
  let sub = of_buffer dt [| n |] b in
  match dt with Dtype.Float32 -> sub | _ -> cast Dtype.Float32 sub

let run args =
  let o = parse args in
  let input, output =
    match o.files with
    | [ i; out ] -> (i, out)
    | _ -> Cli_error.fail "quantize takes IN and OUT.gguf (and --type T)"
  in
  let tname = match o.ty with Some t -> t | None -> Cli_error.fail "quantize: give --type T" in
  let ftype, pure =
    match Quant_mix.ftype_of_name tname with
    | Some f -> (f, o.pure)
    | None -> (
        match Gguf.ggml_type_of_name tname with
        | Some g when g.dtype = None ->
            let value = Option.map (fun (f : Quant_mix.ftype) -> f.value) (Quant_mix.ftype_of_default g) in
            ({ Quant_mix.name = tname; value = Option.value value ~default:(-1); default = g }, true)
        | _ ->
            if List.mem tname [ "F32"; "F16"; "BF16" ] then
              Cli_error.fail "quantize: %s is a float type; nx-dtype convert --to writes it" tname
            else
              Cli_error.fail "quantize: %s is neither a llama.cpp file type (Q4_K_M, Q8_0, ...) nor a \
                              ggml block type" tname)
  in
  let imatrix =
    match o.imatrix with
    | None -> None
    | Some f -> ( match Imatrix.read f with Ok m -> Some m | Error e -> Cli_error.failed "%s" e)
  in
  (* --report reads OUT again: a file, not a pipe or a device. *)
  if o.report && not (Output_file.replaces output) then
    Cli_error.fail "quantize: --report reads %s again, which is not a regular file" output;
  let format, stats, also, metadata, inputs = read_input input in
  let model = Quant_mix.model_of_metadata ~has_imatrix:(imatrix <> None) metadata in
  let mix =
    List.map
      (fun i -> { Quant_mix.name = i.name; ggml_type = i.ggml_type; ne = Array.of_list (List.rev (Array.to_list i.dims)) })
      inputs
  in
  let targets =
    match Quant_mix.types ~pure ftype model mix with Ok l -> l | Error m -> Cli_error.failed "%s: %s" input m
  in
  (* What becomes of each tensor, checked before anything is written. *)
  let plan =
    List.map2
      (fun (i, t) (target : Gguf.ggml_type) ->
        let target = if is_float_source i.ggml_type then target else i.ggml_type in
        let weights =
          match imatrix with
          | Some m when target.dtype = None && target.id <> i.ggml_type.id -> (
              match Imatrix.for_tensor m i.name ~ne:t.Quant_mix.ne with
              | Ok w -> w
              | Error e -> Cli_error.failed "%s: %s" (Option.get o.imatrix) e)
          | _ -> None
        in
        if target.dtype = None && target.id <> i.ggml_type.id then begin
          if not (Gguf.quantizes target) then
            Cli_error.failed "%s: tensor %S would be %s, a type nx-dtype does not quantize yet" input
              i.name target.type_name;
          if weights = None && (Gguf.requires_imatrix target || Quant_mix.requires_imatrix ftype t target)
          then
            match o.imatrix with
            | Some f ->
                Cli_error.failed "%s: tensor %S would be %s, which needs an importance matrix: %s has no entry for it"
                  input i.name target.type_name f
            | None ->
                Cli_error.failed "%s: tensor %S would be %s, which needs an importance matrix (--imatrix)"
                  input i.name target.type_name
        end;
        (i, t, target, weights))
      (List.combine inputs mix) targets
  in
  let metadata =
    List.filter
      (fun (k, _) ->
        not (List.mem k [ "split.no"; "split.count"; "split.tensors.count"; "general.quantization_version";
                          "general.file_type" ]))
      metadata
    @ [ ("general.quantization_version", Gguf.Int (Gguf.U32, 2)) ]
    @ if ftype.value >= 0 then [ ("general.file_type", Gguf.Int (Gguf.U32, ftype.value)) ] else []
  in
  let total = List.fold_left (fun n (i, _, _, _) -> n + Array.fold_left ( * ) 1 i.dims) 0 plan in
  let show = stats.st_size > progress_threshold || (try Unix.isatty Unix.stderr with _ -> false) && total > piece_values in
  let seen = ref 0 and shown = ref (-1) in
  let progress n =
    seen := !seen + n;
    let pct = if total = 0 then 100 else 100 * !seen / total in
    if show && pct <> !shown then begin
      shown := pct;
      try Printf.eprintf "\rquantize: %3d%% (%d of %d values)%!" pct !seen total
      with Sys_error _ -> Cli_error.discard stderr Unix.stderr
    end
  in
  let streams =
    List.map
      (fun (i, (t : Quant_mix.tensor), (target : Gguf.ggml_type), weights) ->
        let n = Array.fold_left ( * ) 1 i.dims in
        let write emit =
          let quantize_rows (type s) (a : (float, s) Nx_array.t) =
          let ne0 = t.ne.(0) in
          let rows = if ne0 = 0 then 0 else n / ne0 in
          let ne1 = if Array.length t.ne > 1 then t.ne.(1) else 1 in
          let per_matrix = max 1 ne1 in
          let chunk_rows = max 1 (piece_values / max 1 ne0) in
          let r = ref 0 in
          while !r < rows do
            (* A piece does not cross a matrix (an expert): each has
               its row of the importance matrix. *)
            let matrix = !r / per_matrix in
            let k = min chunk_rows (min (rows - !r) (((matrix + 1) * per_matrix) - !r)) in
            let x = f32_piece a (!r * ne0) (k * ne0) in
            (match target.dtype with
             | Some (Dtype.Any dt) -> emit (buffer (cast dt x))
             | None ->
                 let dst = create Dtype.Uint8 [| k * (ne0 / target.block_size) * target.type_size |] in
                 let imatrix =
                   Option.map (fun w -> Imatrix.expert_weights w ~ne0 matrix) weights
                 in
                 (match Gguf.quantize_into ?imatrix target ~n_per_row:ne0 x dst with
                  | Ok () -> ()
                  | Error m ->
                      let j = first_nonfinite x in
                      if j < Nx_array.size x then
                        Cli_error.failed "%s: tensor %S: value %d is %g: %s quantizes finite values only"
                          input i.name ((!r * ne0) + j) (get (reshape x [| Nx_array.size x |]) [| j |])
                          target.type_name
                      else if !r = 0 then Cli_error.failed "%s: tensor %S: %s" input i.name m
                      else Cli_error.failed "%s: tensor %S, from its row %d: %s" input i.name !r m);
                 emit (buffer dst));
            progress (k * ne0);
            r := !r + k
          done
          in
          match i.tensor with
          | Gguf.Tensor a when target.id <> i.ggml_type.id -> (
              match dtype a with
              | Dtype.Float32 -> quantize_rows a
              | Dtype.Float16 -> quantize_rows a
              | Dtype.Bfloat16 -> quantize_rows a
              | _ -> (Gguf.stream i.name i.tensor).write emit; progress n)
          | tensor ->
              (Gguf.stream i.name tensor).write emit;
              progress n
        in
        { Gguf.name = i.name; ggml_type = target; dims = i.dims; write })
      plan
  in
  Sys.set_signal Sys.sigxfsz Sys.Signal_ignore;
  let out = Output_file.create ~also ~input:stats output in
  let newline () = if show && !shown >= 0 then try prerr_newline () with Sys_error _ -> () in
  let fail fmt =
    Printf.ksprintf
      (fun m ->
        Output_file.abort out;
        newline ();
        Cli_error.failed "%s; %s" m (Output_file.fate out))
      fmt
  in
  match Gguf.output_streams (Output_file.descr out) ~metadata streams with
  | () ->
      newline ();
      Output_file.commit out;
      (* The report reads IN and the file written again, as error
         ORIGINAL QUANTIZED does: the exact percentiles need every error
         of a tensor, and more than one pass over them. *)
      if o.report then Error_cmd.against ~histogram:o.histogram ~format input output
  | exception Cli_error.Failed m -> fail "%s" m
  | exception Unix.Unix_error (e, _, _) -> fail "%s: cannot write: %s" output (Unix.error_message e)
  | exception Invalid_argument m -> fail "%s: %s" output (Cli_error.library m)

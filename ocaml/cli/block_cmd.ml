(* nx-dtype quantize and dequantize: .npy files of values to and from
   block-scaled schemes (Nx_array.Block), and safetensors checkpoints to
   and from gpt-oss's and ModelOpt's layouts.

   quantize --scheme S IN.npy OUT writes OUT.elements.npy and
   OUT.scales.npy (bytes, as Block's layouts say), and for NVFP4
   OUT.tensor_scale.npy (a float32 scalar); for ggml's schemes
   OUT.blocks.npy. dequantize --scheme S OUT RESULT.npy reads them back.

   quantize --scheme mxfp4|nvfp4 IN.safetensors OUT.safetensors writes
   each selected float tensor T as gpt-oss does (T_blocks, T_scales) or
   as ModelOpt does (T, T_scale, T_scale_2), and copies the others;
   dequantize IN.safetensors OUT.safetensors finds those pairs and
   triples by name and writes each as one float tensor T. Both stream a
   piece of rows at a time, and write through Output_file. *)

open Nx_array

let scheme_of s =
  match Block.scheme_of_name (String.lowercase_ascii s) with
  | Some s -> s
  | None ->
      Cli_error.fail "unknown scheme %S (one of: %s)" s
        (String.concat ", " (List.map Block.scheme_name Block.schemes))

let policy_of = function
  | "floor" -> Block.Floor | "ceil" -> Block.Ceil | "even" -> Block.Even
  | "rceil" -> Block.Rceil
  | s -> Cli_error.fail "unknown policy %S (floor, ceil, even, rceil)" s

let stat_input file =
  try Unix.stat file
  with Unix.Unix_error (e, _, _) -> Cli_error.failed "cannot read %s: %s" file (Unix.error_message e)

(* The values of a checkpoint's tensor, of one of the dtypes quantize
   reads. *)
type values = V : (float, 's) Nx_array.t -> values

type opts = {
  scheme : Block.scheme option;
  policy : Block.policy option;
  rounding : Nx_array.rounding option;
  tensor_scale : float option;
  into : string option;
  from : Dtype.any option;
  only : string option;
  max_shard : int option;
  files : string list;
}

(* The options of [cmd] (quantize or dequantize): each given once, and
   only those the command takes. *)
let parse cmd args =
  let scheme = ref None and policy = ref None and rounding = ref None and ts = ref None
  and into = ref None and from = ref None and only = ref None and max_shard = ref None
  and files = ref [] in
  let takes =
    match cmd with
    | `Quantize -> [ "--scheme"; "--policy"; "--rounding"; "--tensor-scale"; "--from"; "--only" ]
    | `Dequantize -> [ "--scheme"; "--to"; "--max-shard-size" ]
  in
  let all =
    [ "--scheme"; "--policy"; "--rounding"; "--tensor-scale"; "--to"; "--from"; "--only";
      "--max-shard-size" ]
  in
  let name = match cmd with `Quantize -> "quantize" | `Dequantize -> "dequantize" in
  (* Each option of [all] in [args], with its value: one the command
     takes, given once. *)
  let rec options seen = function
    | f :: _ :: r when List.mem f all ->
        if not (List.mem f takes) then Cli_error.fail "%s takes no %s option" name f;
        if List.mem f seen then Cli_error.fail "%s is given twice" f;
        options (f :: seen) r
    | _ :: r -> options seen r
    | [] -> ()
  in
  options [] args;
  let rec go = function
    | "--scheme" :: v :: r -> scheme := Some (scheme_of v); go r
    | "--policy" :: v :: r -> policy := Some (policy_of v); go r
    | "--rounding" :: v :: r -> rounding := Some (Convert_cmd.rounding_of v); go r
    | "--tensor-scale" :: v :: r ->
        (* The decimal rounded once to float32, the tensor scale's format
           (0.001's double is no float32). *)
        (match Nx_array.value_of_string Dtype.Float32 v with
         | Some x -> ts := Some x
         | None -> Cli_error.fail "--tensor-scale %S is not a number" v);
        go r
    | "--to" :: v :: r -> into := Some v; go r
    | "--from" :: v :: r -> from := Some (Cli_error.dtype_of_name v); go r
    | "--only" :: v :: r -> only := Some v; go r
    | "--max-shard-size" :: v :: r -> max_shard := Some (Convert_cmd.size_of v); go r
    | [ ("--scheme" | "--policy" | "--rounding" | "--tensor-scale" | "--to" | "--from" | "--only"
        | "--max-shard-size") as f ] ->
        Cli_error.fail "%s needs a value" f
    | f :: _ when String.length f > 1 && f.[0] = '-' -> Cli_error.fail "unknown option %s" f
    | f :: r -> files := !files @ [ f ]; go r
    | [] -> ()
  in
  go args;
  { scheme = !scheme; policy = !policy; rounding = !rounding; tensor_scale = !ts; into = !into; from = !from;
    only = !only; max_shard = !max_shard; files = !files }

(* The options, tried on one block of zeros: their errors (a policy for a
   scheme without one, a tensor scale for another scheme than NVFP4) are
   the command line's, and come first. *)
let check_options o scheme =
  let f = Block.facts scheme and name = Block.scheme_name scheme in
  if o.policy <> None && f.scale <> Block.E8m0 then
    Cli_error.fail "--policy chooses E8M0 scales: %s has none" name;
  (match o.tensor_scale with
   | Some _ when scheme <> Block.Nvfp4 -> Cli_error.fail "--tensor-scale is nvfp4's, not %s's" name
   | Some x when not (Float.is_finite x && x > 0.) ->
       Cli_error.fail "--tensor-scale: %s (the number rounded to float32) is not a positive finite \
                       value" (Float.to_string x)
   | _ -> ());
  try
    ignore
      (Block.quantize ?policy:o.policy ?rounding:o.rounding ?tensor_scale:o.tensor_scale scheme
         (create Dtype.Float32 [| f.block_size |]))
  with Invalid_argument m -> Cli_error.fail "%s" (Cli_error.library m)

let needs_scheme o = match o.scheme with Some s -> s | None -> Cli_error.fail "needs --scheme S"


let is_safetensors file = Source.format_of file = Source.Safetensors_file

(* {1 Safetensors checkpoints} *)

(* Blocks of [b] values per piece: about 2^20 values, at least one
   block. A block is every scheme's unit, so a piece need not be whole
   rows: a tensor of one long row streams too. *)
let piece_blocks b = max 1 ((1 lsl 20) / b)

let open_checkpoint file =
  let stats = stat_input file in
  Fault.input file;
  match Safetensors.map_file file with Ok st -> (stats, st) | Error e -> Cli_error.failed "%s" e

(* The file [output], written from [streams] atomically (Output_file), as
   convert writes. *)
let write_checkpoint ~input ?metadata output streams =
  Sys.set_signal Sys.sigxfsz Sys.Signal_ignore;
  let out = Output_file.create ~input output in
  let fail m = Output_file.abort out; Cli_error.failed "%s; %s" m (Output_file.fate out) in
  match Safetensors.output ?metadata (Output_file.descr out) streams with
  | () -> Output_file.commit out
  | exception Cli_error.Failed m -> fail m
  | exception Unix.Unix_error (e, _, _) ->
      fail (Printf.sprintf "%s: cannot write: %s" output (Unix.error_message e))
  | exception Invalid_argument m -> fail (Printf.sprintf "%s: %s" output (Cli_error.library m))

let copy st (i : Safetensors.info) = Safetensors.stream i.name (Safetensors.get_tensor st i.name)

let float_tensor st (i : Safetensors.info) =
  match Safetensors.find_tensor st i.name with
  | Some (Safetensors.Tensor a) -> (
      match dtype a with
      | Dtype.Float32 -> Some (V a) | Dtype.Float64 -> Some (V a)
      | Dtype.Float16 -> Some (V a) | Dtype.Bfloat16 -> Some (V a)
      | _ -> None)
  | _ -> None

(* The streams of tensor [name]'s values [v], quantized: gpt-oss's pair
   for MXFP4, ModelOpt's triple for NVFP4. The elements' stream quantizes
   the values a piece at a time and keeps each piece's scales (a 16th or
   a 32nd of a byte a value) for the scales' stream, written after it,
   which so quantizes nothing again; were it written first, it would
   quantize the pieces itself. *)
let quantized_streams o scheme name (V a) =
  let d = dims a in
  let k = d.(Array.length d - 1) in
  let lead = Array.sub d 0 (Array.length d - 1) in
  let ts =
    if scheme = Block.Nvfp4 then
      Some (match o.tensor_scale with Some x -> x | None -> Block.nvfp4_tensor_scale a)
    else None
  in
  let dt = dtype a in
  let b = (Block.facts scheme).block_size in
  let blocks = size a / b in
  let scales q = buffer (Option.get (Block.scales q)) in
  let pieces f =
    let r = piece_blocks b in
    let rec go blk =
      if blk < blocks then begin
        let n = min r (blocks - blk) in
        let sub =
          of_buffer dt [| n * b |]
            (Bigarray.Array1.sub (buffer a) (Dtype.bytes dt (blk * b)) (Dtype.bytes dt (n * b)))
        in
        f (Block.quantize ?policy:o.policy ?rounding:o.rounding ?tensor_scale:ts scheme sub);
        go (blk + n)
      end
    in
    go 0
  in
  let kept = Queue.create () in
  let elements emit =
    pieces (fun q ->
        emit (buffer (Block.elements q));
        Queue.add (scales q) kept)
  in
  let scales emit =
    if Queue.is_empty kept then pieces (fun q -> emit (scales q))
    else Queue.iter emit kept;
    Queue.clear kept
  in
  let stream name dtype shape write = { Safetensors.name; dtype; shape; write } in
  let with_last x = Array.append lead [| x |] in
  match scheme with
  | Block.Mxfp4 ->
      [ stream (name ^ "_blocks") "U8" (Array.append lead [| k / 32; 16 |]) elements;
        stream (name ^ "_scales") "U8" (with_last (k / 32)) scales ]
  | _ ->
      let ts = Option.get ts in
      [ stream name "U8" (with_last (k / 2)) elements;
        stream (name ^ "_scale") "F8_E4M3" (with_last (k / 16)) scales;
        stream (name ^ "_scale_2") "F32" [||] (fun emit ->
            emit (buffer (of_array Dtype.Float32 [||] [| ts |]))) ]

(* The weights of a checkpoint in gpt-oss's or ModelOpt's layout, found
   by the names of its [tensors] (each a name and a dtype string); and
   the names of the tensors they take. *)
let weights_of tensors =
  let has n = List.mem_assoc n tensors in
  let suffix s n =
    let l = String.length n and m = String.length s in
    if l > m && String.sub n (l - m) m = s then Some (String.sub n 0 (l - m)) else None
  in
  List.filter_map
    (fun (name, dtype) ->
      match suffix "_blocks" name with
      | Some w when has (w ^ "_scales") -> Some (w, `Gpt_oss, [ name; w ^ "_scales" ])
      | _ ->
          if dtype = "U8" && has (name ^ "_scale") && has (name ^ "_scale_2") then
            Some (name, `Modelopt, [ name; name ^ "_scale"; name ^ "_scale_2" ])
          else None)
    tensors

let weights st =
  weights_of (List.map (fun (i : Safetensors.info) -> (i.name, i.dtype)) (Safetensors.tensors st))

(* A weight that dequantize would write from its parts and also copy as
   a tensor of its own name, if there is one. *)
let twice ws tensors =
  let taken = List.concat_map (fun (_, _, parts) -> parts) ws in
  List.find_opt (fun (w, _, _) -> List.mem_assoc w tensors && not (List.mem w taken)) ws

let quantize_checkpoint o scheme input output =
  (match scheme with
   | Block.Mxfp4 | Block.Nvfp4 -> ()
   | s ->
       Cli_error.fail "%s: safetensors layouts are gpt-oss's (mxfp4) and ModelOpt's (nvfp4); \
                       quantize %s into .npy files" output (Block.scheme_name s));
  if (not (is_safetensors output)) then
    Cli_error.fail "%s: a .safetensors input is quantized into a .safetensors output" output;
  let block = (Block.facts scheme).block_size in
  check_options o scheme;
  let stats, st = open_checkpoint input in
  let only = Option.map Select.compile o.only in
  let selected (i : Safetensors.info) =
    match only with Some r -> Select.matches r i.name | None -> Array.length i.shape >= 2
  in
  let plan =
    List.map
      (fun (i : Safetensors.info) ->
        match float_tensor st i with
        | Some v when selected i ->
            let k = if i.shape = [||] then 0 else i.shape.(Array.length i.shape - 1) in
            if Array.length i.shape = 0 || k mod block <> 0 then
              if only = None then `Copy i
              else
                Cli_error.failed "%s: tensor %S %s: its last dimension is not a multiple of %s's \
                                  block of %d" input i.name (Shape_text.dims i.shape)
                  (Block.scheme_name scheme) block
            else `Quantize (i, v)
        | Some _ | None ->
            (match only with
             | Some _ when selected i && float_tensor st i = None ->
                 Cli_error.failed "%s: tensor %S is %s: only float32, float64, float16 and \
                                   bfloat16 tensors are quantized" input i.name i.dtype
             | _ -> ());
            `Copy i)
      (Safetensors.tensors st)
  in
  if not (List.exists (function `Quantize _ -> true | `Copy _ -> false) plan) then
    Cli_error.failed "%s: no float tensor to quantize%s" input
      (match o.only with
       | Some re -> Printf.sprintf " matches --only %S" re
       | None -> " (of two or more dimensions, the last a multiple of the block)");
  let streams =
    List.concat_map
      (function
        | `Copy i -> [ copy st i ] | `Quantize ((i : Safetensors.info), v) -> quantized_streams o scheme i.name v)
      plan
  in
  (* The file must read back: dequantize finds exactly the weights
     quantized here (and those the input had), by their tensors' names. *)
  let out = List.map (fun (s : Safetensors.stream) -> (s.name, s.dtype)) streams in
  let found = weights_of out in
  let quantized = List.filter_map (function `Quantize ((i : Safetensors.info), _) -> Some i.name | `Copy _ -> None) plan in
  let already = List.map (fun (w, _, _) -> w) (weights st) in
  (match List.find_opt (fun (w, _, _) -> not (List.mem w quantized || List.mem w already)) found with
   | Some (w, _, parts) ->
       Cli_error.failed "%s: the output's tensors %s would be read back as a weight %S that is not \
                         one (leave the tensors whose names make them out with --only)" input
         (String.concat " and " (List.map (Printf.sprintf "%S") parts)) w
   | None -> ());
  (match List.find_opt (fun q -> not (List.exists (fun (w, _, _) -> w = q) found)) quantized with
   | Some q ->
       Cli_error.failed "%s: tensor %S, quantized, would not be read back as one weight (another \
                         tensor's name takes its parts; leave one out with --only)" input q
   | None -> ());
  (match twice found out with
   | Some (w, _, _) ->
       Cli_error.failed "%s: tensor %S would be both a tensor of the output and a weight made of \
                         others (leave one out with --only)" input w
   | None -> ());
  write_checkpoint ~input:stats ?metadata:(Safetensors.metadata st) output streams

(* The stream of a weight's values into [dt], dequantized a piece of
   blocks at a time into one scratch array. *)
let dequantized_stream (type s) (dt : (float, s) Dtype.t) name q =
  let f = Block.facts (Block.scheme q) in
  let d = Block.dims q in
  let b = f.block_size in
  let blocks = Array.fold_left ( * ) 1 d / b in
  let r = piece_blocks b in
  let write emit =
    let scratch = lazy (create dt [| min r blocks * b |]) in
    let rec go blk =
      if blk < blocks then begin
        let n = min r (blocks - blk) in
        let part a per_block =
          of_buffer Dtype.Uint8 [| n * per_block |]
            (Bigarray.Array1.sub (buffer a) (blk * per_block) (n * per_block))
        in
        let elements = part (Block.elements q) (b * f.element_bits / 8) in
        let scales = part (Option.get (Block.scales q)) (b / f.scale_block) in
        let tensor_scale = if Block.scheme q = Block.Nvfp4 then Some (Block.tensor_scale q) else None in
        let piece = Block.v ~scales ?tensor_scale (Block.scheme q) ~dims:[| n * b |] elements in
        let out =
          of_buffer dt [| n * b |]
            (Bigarray.Array1.sub (buffer (Lazy.force scratch)) 0 (Dtype.bytes dt (n * b)))
        in
        Block.dequantize_into piece out;
        emit (buffer out);
        go (blk + n)
      end
    in
    go 0
  in
  let dtype = Option.get (Safetensors.dtype_to_string dt) in
  { Safetensors.name; dtype; shape = d; write }

let dequantize_checkpoint o input output =
  if not (is_safetensors output) then
    Cli_error.fail "%s: a .safetensors input is dequantized into a .safetensors output" output;
  let (Dtype.Any dt) = Cli_error.dtype_of_name (Option.value o.into ~default:"float32") in
  match Dtype.kind dt with
  | Dtype.Float ->
      let stats, st = open_checkpoint input in
      let ws = weights st in
      if ws = [] then
        Cli_error.failed "%s: no gpt-oss weight (NAME_blocks, NAME_scales) or ModelOpt weight \
                          (NAME, NAME_scale, NAME_scale_2)" input;
      let taken = List.concat_map (fun (_, _, parts) -> parts) ws in
      (match twice ws (List.map (fun (i : Safetensors.info) -> (i.name, i.dtype)) (Safetensors.tensors st)) with
       | Some (w, _, parts) ->
           Cli_error.failed "%s: tensor %S would be written twice: copied, and made of %s" input w
             (String.concat " and " (List.map (Printf.sprintf "%S") parts))
       | None -> ());
      let quantized (w, kind, _) =
        match match kind with `Gpt_oss -> Block.get_gpt_oss st w | `Modelopt -> Block.get_modelopt st w with
        | Ok q -> q
        | Error m -> Cli_error.failed "%s: %s" input (Cli_error.library m)
      in
      let streams =
        List.filter_map
          (fun (i : Safetensors.info) ->
            match List.find_opt (fun (_, _, parts) -> List.hd parts = i.name) ws with
            | Some ((w, _, _) as x) -> Some (dequantized_stream dt w (quantized x))
            | None -> if List.mem i.name taken then None else Some (copy st i))
          (Safetensors.tensors st)
      in
      write_checkpoint ~input:stats ?metadata:(Safetensors.metadata st) output streams
  | _ -> Cli_error.fail "dequantize into a float dtype, not %s" (Dtype.name dt)

(* {1 .npy files} *)

let quantize args =
  let o = parse `Quantize args in
  let scheme = needs_scheme o in
  match o.files with
  | [ input; _ ] when o.from <> None && is_safetensors input ->
      Cli_error.fail "--from names the dtype of a .npy input's raw bytes"
  | [ input; output ] when is_safetensors input -> quantize_checkpoint o scheme input output
  | _ when o.only <> None -> Cli_error.fail "--only selects tensors of a .safetensors input"
  | [ input; out ] ->
      check_options o scheme;
      Block_npy.quantize ?dtype:o.from ?policy:o.policy ?rounding:o.rounding ?tensor_scale:o.tensor_scale scheme
        input out
  | _ -> Cli_error.fail "quantize needs IN.npy and OUT, or IN.safetensors and OUT.safetensors"

let dequantize args =
  let o = parse `Dequantize args in
  (match o.files with
   | [ input; _ ] when Sys.file_exists input && Sys.is_directory input -> ()
   | _ when o.max_shard <> None ->
       Cli_error.fail "--max-shard-size is for a model directory's output"
   | _ -> ());
  match o.files with
  | [ input; output ] when Sys.file_exists input && Sys.is_directory input ->
      if o.scheme <> None then
        Cli_error.fail "--scheme is for .npy files: a model directory's config.json names its scheme";
      Dequantize_model.run ~into:o.into ~max_shard_size:o.max_shard input output
  | [ input; output ] when is_safetensors input -> dequantize_checkpoint o input output
  | [ prefix; output ] -> (
      let scheme = needs_scheme o in
      let (Dtype.Any dt) = Cli_error.dtype_of_name (Option.value o.into ~default:"float32") in
      match Dtype.kind dt with
      | Dtype.Float -> Block_npy.dequantize scheme dt prefix output
      | _ -> Cli_error.fail "dequantize into a float dtype, not %s" (Dtype.name dt))
  | _ ->
      Cli_error.fail "dequantize needs the files' prefix and OUT.npy, or IN.safetensors and \
                      OUT.safetensors"

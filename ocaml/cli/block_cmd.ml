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

(* The bytes of a .npy file, whose elements are in C order: the blocks
   run along the last dimension of numpy's shape. *)
let read_npy file =
  let s =
    try In_channel.with_open_bin file In_channel.input_all
    with Sys_error e -> Cli_error.failed "cannot read %s" e
  in
  match Npy.header_of_prefix s with
  | Error e -> Cli_error.failed "%s: %s" file e
  | Ok (h, _) when h.fortran_order -> Cli_error.fail "%s: fortran_order arrays are not read" file
  | Ok _ -> s

(* The .npy files [outs] (name and bytes) as one set: every one checked
   against the [inputs] and created (a temporary file) before any is
   written, and renamed into place only once all are written; an error
   before the renames leaves none. *)
let write_npys ~inputs outs =
  Sys.set_signal Sys.sigxfsz Sys.Signal_ignore;
  let input, also = (List.hd inputs, List.tl inputs) in
  let made = ref [] in
  let abort_all () = List.iter Output_file.abort !made in
  let fail fmt =
    Printf.ksprintf
      (fun m ->
        abort_all ();
        Cli_error.failed "%s; %s" m (String.concat ", " (List.rev_map Output_file.fate !made)))
      fmt
  in
  (try List.iter (fun (name, _) -> made := Output_file.create ~also ~input name :: !made) outs
   with e -> abort_all (); raise e);
  let files = List.rev !made in
  List.iter2
    (fun o (name, bytes) ->
      (* Unix.write_substring writes every byte or raises. *)
      try ignore (Unix.write_substring (Output_file.descr o) bytes 0 (String.length bytes))
      with Unix.Unix_error (e, _, _) -> fail "%s: cannot write: %s" name (Unix.error_message e))
    files outs;
  let rec commit = function
    | [] -> ()
    | o :: rest ->
        (try Output_file.commit o with e -> List.iter Output_file.abort rest; raise e);
        commit rest
  in
  commit files

let npy name a = (name, Npy.to_string a)

let stat_input file =
  try Unix.stat file
  with Unix.Unix_error (e, _, _) -> Cli_error.failed "cannot read %s: %s" file (Unix.error_message e)

(* The values of a .npy file of one of the dtypes quantize reads. *)
type values = V : (float, 's) Nx_array.t -> values

let read_values file =
  match Npy.of_string (read_npy file) with
  | Error e -> Cli_error.failed "%s: %s" file e
  | Ok (Npy.Any a) -> (
      match dtype a with
      | Dtype.Float32 -> V a
      | Dtype.Float64 -> V a
      | Dtype.Float16 -> V a
      | Dtype.Bfloat16 -> V a
      | dt ->
          Cli_error.fail "%s: %s values are not float32, float64, float16 or bfloat16" file
            (Dtype.name dt))

let read_bytes file =
  match Npy.of_string_as Dtype.Uint8 (read_npy file) with
  | Ok a -> a
  | Error e -> Cli_error.failed "%s: %s" file e

type opts = {
  scheme : Block.scheme option;
  policy : Block.policy option;
  rounding : Nx_array.rounding option;
  tensor_scale : float option;
  into : string option;
  only : string option;
  files : string list;
}

let parse args =
  let scheme = ref None and policy = ref None and rounding = ref None and ts = ref None
  and into = ref None and only = ref None and files = ref [] in
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
    | "--only" :: v :: r -> only := Some v; go r
    | [ ("--scheme" | "--policy" | "--rounding" | "--tensor-scale" | "--to" | "--only") as f ] ->
        Cli_error.fail "%s needs a value" f
    | f :: _ when String.length f > 1 && f.[0] = '-' -> Cli_error.fail "unknown option %s" f
    | f :: r -> files := !files @ [ f ]; go r
    | [] -> ()
  in
  go args;
  { scheme = !scheme; policy = !policy; rounding = !rounding; tensor_scale = !ts; into = !into;
    only = !only; files = !files }

let needs_scheme o = match o.scheme with Some s -> s | None -> Cli_error.fail "needs --scheme S"

(* Dimensions as inspect prints them, Python's tuples. *)
let dims_string = function
  | [| d |] -> Printf.sprintf "(%d,)" d
  | d -> "(" ^ String.concat ", " (List.map string_of_int (Array.to_list d)) ^ ")"

let is_safetensors file = Source.format_of file = Source.Safetensors_file

(* {1 Safetensors checkpoints} *)

(* Rows of values per piece: about 2^20 values, at least one row. *)
let piece_rows k = max 1 ((1 lsl 20) / max 1 k)

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
  | exception Invalid_argument m -> fail (Printf.sprintf "%s: %s" output m)

let copy st (i : Safetensors.info) = Safetensors.stream i.name (Safetensors.get_tensor st i.name)

let float_tensor st (i : Safetensors.info) =
  match Safetensors.find_tensor st i.name with
  | Some (Safetensors.Tensor a) -> (
      match dtype a with
      | Dtype.Float32 -> Some (V a) | Dtype.Float64 -> Some (V a)
      | Dtype.Float16 -> Some (V a) | Dtype.Bfloat16 -> Some (V a)
      | _ -> None)
  | _ -> None

let rows_of (V a) k =
  let d = dims a in
  (Array.fold_left ( * ) 1 d / k, d)

(* The streams of tensor [name]'s values [v], quantized: gpt-oss's pair
   for MXFP4, ModelOpt's triple for NVFP4. The elements' stream quantizes
   the rows a piece at a time and keeps each piece's scales (a 16th or a
   32nd of a byte a value) for the scales' stream, written after it,
   which so quantizes nothing again; were it written first, it would
   quantize the pieces itself. *)
let quantized_streams o scheme name (V a as v) =
  let d = dims a in
  let k = d.(Array.length d - 1) in
  let rows, _ = rows_of v k in
  let lead = Array.sub d 0 (Array.length d - 1) in
  let ts =
    if scheme = Block.Nvfp4 then
      Some (match o.tensor_scale with Some x -> x | None -> Block.nvfp4_tensor_scale a)
    else None
  in
  let dt = dtype a in
  let bytes_per_value = Dtype.bytes dt 1 in
  let scales q = buffer (Option.get (Block.scales q)) in
  let pieces f =
    let r = piece_rows k in
    let rec go row =
      if row < rows then begin
        let n = min r (rows - row) in
        let sub =
          of_buffer dt [| n; k |]
            (Bigarray.Array1.sub (buffer a) (row * k * bytes_per_value) (n * k * bytes_per_value))
        in
        f (Block.quantize ?policy:o.policy ?rounding:o.rounding ?tensor_scale:ts scheme sub);
        go (row + n)
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

let quantize_checkpoint o scheme input output =
  (match scheme with
   | Block.Mxfp4 | Block.Nvfp4 -> ()
   | s ->
       Cli_error.fail "%s: safetensors layouts are gpt-oss's (mxfp4) and ModelOpt's (nvfp4); \
                       quantize %s into .npy files" output (Block.scheme_name s));
  if (not (is_safetensors output)) then
    Cli_error.fail "%s: a .safetensors input is quantized into a .safetensors output" output;
  let block = (Block.facts scheme).block_size in
  (* The options, tried on one block of zeros: their errors come first. *)
  (try
     ignore
       (Block.quantize ?policy:o.policy ?rounding:o.rounding ?tensor_scale:o.tensor_scale scheme
          (create Dtype.Float32 [| block |]))
   with Invalid_argument m -> Cli_error.fail "%s" m);
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
                                  block of %d" input i.name (dims_string i.shape)
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
  write_checkpoint ~input:stats ?metadata:(Safetensors.metadata st) output streams

(* The weights of a checkpoint in gpt-oss's or ModelOpt's layout, found
   by their names; and the names of the tensors they take. *)
let weights st =
  let has n = Safetensors.find_info st n <> None in
  let suffix s n =
    let l = String.length n and m = String.length s in
    if l > m && String.sub n (l - m) m = s then Some (String.sub n 0 (l - m)) else None
  in
  List.filter_map
    (fun (i : Safetensors.info) ->
      match suffix "_blocks" i.name with
      | Some w when has (w ^ "_scales") -> Some (w, `Gpt_oss, [ i.name; w ^ "_scales" ])
      | _ ->
          if i.dtype = "U8" && has (i.name ^ "_scale") && has (i.name ^ "_scale_2") then
            Some (i.name, `Modelopt, [ i.name; i.name ^ "_scale"; i.name ^ "_scale_2" ])
          else None)
    (Safetensors.tensors st)

(* The stream of a weight's values into [dt], dequantized a piece of rows
   at a time into one scratch array. *)
let dequantized_stream (type s) (dt : (float, s) Dtype.t) name q =
  let f = Block.facts (Block.scheme q) in
  let d = Block.dims q in
  let k = d.(Array.length d - 1) in
  let rows = Array.fold_left ( * ) 1 d / k in
  let r = piece_rows k in
  let write emit =
    let scratch = lazy (create dt [| min r rows; k |]) in
    let rec go row =
      if row < rows then begin
        let n = min r (rows - row) in
        let part a per_row =
          of_buffer Dtype.Uint8 [| n * per_row |]
            (Bigarray.Array1.sub (buffer a) (row * per_row) (n * per_row))
        in
        let elements = part (Block.elements q) (k * f.element_bits / 8) in
        let scales = part (Option.get (Block.scales q)) (k / f.scale_block) in
        let tensor_scale = if Block.scheme q = Block.Nvfp4 then Some (Block.tensor_scale q) else None in
        let piece = Block.v ~scales ?tensor_scale (Block.scheme q) ~dims:[| n; k |] elements in
        let out =
          of_buffer dt [| n; k |]
            (Bigarray.Array1.sub (buffer (Lazy.force scratch)) 0 (Dtype.bytes dt (n * k)))
        in
        Block.dequantize_into piece out;
        emit (buffer out);
        go (row + n)
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
      List.iter
        (fun (w, kind, _) ->
          if kind = `Gpt_oss && Safetensors.find_info st w <> None then
            Cli_error.failed "%s: tensor %S would be written twice: as it is and from %S_blocks" input w w)
        ws;
      let quantized (w, kind, _) =
        try
          match kind with
          | `Gpt_oss -> Block.get_gpt_oss st w
          | `Modelopt -> Block.get_modelopt st w
        with Invalid_argument m -> Cli_error.failed "%s: %s" input m
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
  let o = parse args in
  let scheme = needs_scheme o in
  let policy = o.policy and rounding = o.rounding and tensor_scale = o.tensor_scale in
  match o.files with
  | [ input; output ] when is_safetensors input -> quantize_checkpoint o scheme input output
  | _ when o.only <> None -> Cli_error.fail "--only selects tensors of a .safetensors input"
  | [ input; out ] -> (
      let (V a) = read_values input in
      let q =
        try Block.quantize ?policy ?rounding ?tensor_scale scheme a
        with Invalid_argument msg -> Cli_error.fail "%s" msg
      in
      let inputs = [ stat_input input ] in
      match Block.scales q with
      | None -> write_npys ~inputs [ npy (out ^ ".blocks.npy") (Block.elements q) ]
      | Some scales ->
          write_npys ~inputs
            ([ npy (out ^ ".elements.npy") (Block.elements q); npy (out ^ ".scales.npy") scales ]
            @
            if scheme = Block.Nvfp4 then
              [ npy (out ^ ".tensor_scale.npy")
                  (of_array Dtype.Float32 [||] [| Block.tensor_scale q |]) ]
            else []))
  | _ -> Cli_error.fail "quantize needs IN.npy and OUT, or IN.safetensors and OUT.safetensors"

let dequantize args =
  let o = parse args in
  match o.files with
  | [ input; output ] when is_safetensors input -> dequantize_checkpoint o input output
  | [ prefix; output ] -> (
      let scheme = needs_scheme o in
      let (Dtype.Any dt) = Cli_error.dtype_of_name (Option.value o.into ~default:"float32") in
      let f = Block.facts scheme in
      let blocks_file = prefix ^ ".blocks.npy" in
      let one_file = Sys.file_exists blocks_file in
      let values_dims elements =
        let d = dims elements in
        let k = Array.length d in
        if k = 0 then Cli_error.fail "%s: no dimension" prefix;
        let last = d.(k - 1) in
        d.(k - 1) <-
          (if one_file then last / f.bytes_per_block * f.block_size
           else last * 8 / f.element_bits);
        d
      in
      let q =
        try
          if one_file then
            let blocks = read_bytes blocks_file in
            Block.v scheme ~dims:(values_dims blocks) blocks
          else
            let elements = read_bytes (prefix ^ ".elements.npy") in
            let scales = read_bytes (prefix ^ ".scales.npy") in
            let tensor_scale =
              if scheme = Block.Nvfp4 then
                let file = prefix ^ ".tensor_scale.npy" in
                match read_values file with
                | V t when size t = 1 && Dtype.code (dtype t) = Dtype.code Dtype.Float32 ->
                    Some (to_array (cast Dtype.Float64 t)).(0)
                | V t ->
                    Cli_error.failed "%s: the tensor scale is one float32 value, not %d %s \
                                      values %s" file (size t) (Dtype.name (dtype t))
                      (dims_string (dims t))
              else None
            in
            Block.v scheme ?tensor_scale ~scales ~dims:(values_dims elements) elements
        with Invalid_argument msg ->
          Cli_error.failed "%s: %s"
            (if one_file then blocks_file
             else Printf.sprintf "%s.elements.npy and %s.scales.npy" prefix prefix)
            msg
      in
      let inputs =
        List.filter_map
          (fun suffix ->
            let f = prefix ^ suffix in
            if Sys.file_exists f then Some (stat_input f) else None)
          [ ".blocks.npy"; ".elements.npy"; ".scales.npy"; ".tensor_scale.npy" ]
      in
      match Dtype.kind dt with
      | Dtype.Float -> write_npys ~inputs [ npy output (Block.dequantize dt q) ]
      | _ -> Cli_error.fail "dequantize into a float dtype, not %s" (Dtype.name dt))
  | _ ->
      Cli_error.fail "dequantize needs the files' prefix and OUT.npy, or IN.safetensors and \
                      OUT.safetensors"

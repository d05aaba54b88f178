(* nx-dtype quantize and dequantize: .npy files of values to and from
   block-scaled schemes (Nx_array.Block).

   quantize --scheme S IN.npy OUT writes OUT.elements.npy and
   OUT.scales.npy (bytes, as Block's layouts say), and for NVFP4
   OUT.tensor_scale.npy (a float32 scalar); for ggml's schemes
   OUT.blocks.npy. dequantize --scheme S OUT RESULT.npy reads them back. *)

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

let write_npy file a =
  match Npy.write_file file a with Ok () -> () | Error e -> Cli_error.failed "%s" e

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

let parse args =
  let scheme = ref None and policy = ref None and rounding = ref None and ts = ref None
  and into = ref "float32" and files = ref [] in
  let rec go = function
    | "--scheme" :: v :: r -> scheme := Some (scheme_of v); go r
    | "--policy" :: v :: r -> policy := Some (policy_of v); go r
    | "--rounding" :: v :: r -> rounding := Some (Convert_cmd.rounding_of v); go r
    | "--tensor-scale" :: v :: r ->
        (match float_of_string_opt v with
         | Some x -> ts := Some x
         | None -> Cli_error.fail "--tensor-scale %S is not a number" v);
        go r
    | "--to" :: v :: r -> into := v; go r
    | [ ("--scheme" | "--policy" | "--rounding" | "--tensor-scale" | "--to") as f ] ->
        Cli_error.fail "%s needs a value" f
    | f :: _ when String.length f > 1 && f.[0] = '-' -> Cli_error.fail "unknown option %s" f
    | f :: r -> files := !files @ [ f ]; go r
    | [] -> ()
  in
  go args;
  let scheme = match !scheme with Some s -> s | None -> Cli_error.fail "needs --scheme S" in
  (scheme, !policy, !rounding, !ts, !into, !files)

let quantize args =
  let scheme, policy, rounding, tensor_scale, _, files = parse args in
  let input, out =
    match files with [ i; o ] -> (i, o) | _ -> Cli_error.fail "quantize needs IN.npy and OUT"
  in
  let (V a) = read_values input in
  let q =
    try Block.quantize ?policy ?rounding ?tensor_scale scheme a
    with Invalid_argument msg -> Cli_error.fail "%s" msg
  in
  match Block.scales q with
  | None -> write_npy (out ^ ".blocks.npy") (Block.elements q)
  | Some scales ->
      write_npy (out ^ ".elements.npy") (Block.elements q);
      write_npy (out ^ ".scales.npy") scales;
      if scheme = Block.Nvfp4 then
        write_npy (out ^ ".tensor_scale.npy")
          (of_array Dtype.Float32 [||] [| Block.tensor_scale q |])

let dequantize args =
  let scheme, _, _, _, into, files = parse args in
  let prefix, output =
    match files with
    | [ p; o ] -> (p, o)
    | _ -> Cli_error.fail "dequantize needs the files' prefix and OUT.npy"
  in
  let (Dtype.Any dt) = Cli_error.dtype_of_name into in
  let f = Block.facts scheme in
  let values_dims elements =
    let d = dims elements in
    let k = Array.length d in
    if k = 0 then Cli_error.fail "%s: no dimension" prefix;
    let last = d.(k - 1) in
    d.(k - 1) <-
      (if Sys.file_exists (prefix ^ ".blocks.npy") then last / f.bytes_per_block * f.block_size
       else last * 8 / f.element_bits);
    d
  in
  let q =
    try
      if Sys.file_exists (prefix ^ ".blocks.npy") then
        let blocks = read_bytes (prefix ^ ".blocks.npy") in
        Block.v scheme ~dims:(values_dims blocks) blocks
      else
        let elements = read_bytes (prefix ^ ".elements.npy") in
        let scales = read_bytes (prefix ^ ".scales.npy") in
        let tensor_scale =
          if scheme = Block.Nvfp4 then
            match read_values (prefix ^ ".tensor_scale.npy") with
            | V t -> Some (to_array (cast Dtype.Float64 t)).(0)
          else None
        in
        Block.v scheme ?tensor_scale ~scales ~dims:(values_dims elements) elements
    with Invalid_argument msg -> Cli_error.fail "%s" msg
  in
  match Dtype.kind dt with
  | Dtype.Float -> write_npy output (Block.dequantize dt q)
  | _ -> Cli_error.fail "dequantize into a float dtype, not %s" (Dtype.name dt)

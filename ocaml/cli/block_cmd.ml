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

(* A .npy file's header and bytes. *)
let read_npy file =
  let ic = try open_in_bin file with Sys_error e -> Cli_error.fail "cannot read %s" e in
  Fun.protect ~finally:(fun () -> close_in_noerr ic) @@ fun () ->
  let h = Npy.read_header ic in
  if h.fortran_order then Cli_error.fail "%s: fortran_order arrays are not read" file;
  let data = really_input_string ic (in_channel_length ic - pos_in ic) in
  (h, data)

let write_npy file dt (a : (_, _) Nx_array.t) =
  let oc = try open_out_bin file with Sys_error e -> Cli_error.fail "cannot write %s" e in
  Fun.protect ~finally:(fun () -> close_out_noerr oc) @@ fun () ->
  output_string oc
    (Npy.header_to_string
       { descr = Npy.descr_of dt Little_endian; fortran_order = false; shape = dims a });
  output_string oc (to_string a)

(* The values of a .npy file of one of the dtypes quantize reads. *)
type values = V : (float, 's) Nx_array.t -> values

let read_values file =
  let h, data = read_npy file in
  let try_dt (type s) (dt : (float, s) Dtype.t) =
    match Npy.order_of_descr dt h.descr with
    | order ->
        let n = Array.fold_left ( * ) 1 h.shape in
        if String.length data < Dtype.bytes dt n then
          Cli_error.fail "%s: %d values of %s need %d bytes, the file has %d" file n
            (Dtype.name dt) (Dtype.bytes dt n) (String.length data);
        Some (V (of_string ~byte_order:order dt h.shape (String.sub data 0 (Dtype.bytes dt n))))
    | exception Cli_error.Usage _ -> None
  in
  match List.find_map Fun.id [ try_dt Dtype.Float32; try_dt Dtype.Float64; try_dt Dtype.Float16;
                               try_dt Dtype.Bfloat16 ] with
  | Some v -> v
  | None -> Cli_error.fail "%s: %S values are not float32, float64, float16 or bfloat16" file h.descr

let read_bytes file =
  let h, data = read_npy file in
  ignore (Npy.order_of_descr Dtype.Uint8 h.descr);
  let n = Array.fold_left ( * ) 1 h.shape in
  if String.length data < n then Cli_error.fail "%s ends early" file;
  of_string Dtype.Uint8 h.shape (String.sub data 0 n)

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
  | None -> write_npy (out ^ ".blocks.npy") Dtype.Uint8 (Block.elements q)
  | Some scales ->
      write_npy (out ^ ".elements.npy") Dtype.Uint8 (Block.elements q);
      write_npy (out ^ ".scales.npy") Dtype.Uint8 scales;
      if scheme = Block.Nvfp4 then
        write_npy (out ^ ".tensor_scale.npy") Dtype.Float32
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
  | Dtype.Float -> write_npy output dt (Block.dequantize dt q)
  | _ -> Cli_error.fail "dequantize into a float dtype, not %s" (Dtype.name dt)

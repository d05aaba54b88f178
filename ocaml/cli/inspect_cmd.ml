(* nx-dtype inspect [--stats] FILE: the tensors of a safetensors, .npy or
   .npz file, a line each: name, dtype, shape and bytes; with --stats,
   their smallest and largest values and their NaNs and infinities, read a
   piece at a time. *)

open Nx_array

type stats = {
  mutable min : float;
  mutable max : float;
  mutable nans : int;
  mutable infs : int;
  mutable seen : int;  (* values other than NaN *)
}

(* Elements per piece, converted to float64 to be compared. *)
let piece = 1 lsl 16

(* The float64 values of a piece; every value of the formats but 64-bit
   integers past 2^53 is exact there, and those print as their nearest
   double. *)
let scan st (Npy.Any a) =
  let v = to_bigarray Bigarray.float64 (reshape a [| size a |]) in
  let v = Bigarray.array1_of_genarray v in
  for i = 0 to Bigarray.Array1.dim v - 1 do
    let x = Bigarray.Array1.unsafe_get v i in
    if Float.is_nan x then st.nans <- st.nans + 1
    else begin
      if not (Float.is_finite x) then st.infs <- st.infs + 1;
      if st.seen = 0 || x < st.min then st.min <- x;
      if st.seen = 0 || x > st.max then st.max <- x;
      st.seen <- st.seen + 1
    end
  done

(* A value of [dt] as [dt] prints it. *)
let value (Dtype.Any dt) (x : float) =
  match Dtype.kind dt with
  | Dtype.Float -> Format.asprintf "%a" (Dtype.pp_value dt) x
  | Dtype.Signed | Dtype.Unsigned ->
      if Float.abs x < 0x1p53 then Printf.sprintf "%.0f" x else Printf.sprintf "%.17g" x
  | Dtype.Boolean -> if x = 0. then "false" else "true"
  | Dtype.Complex -> "-"

let stats_columns (t : Source.tensor) =
  let dash = [ "-"; "-"; "-"; "-" ] in
  match t.elements with
  | Untyped _ -> dash
  | Typed (Dtype.Any dt as d) -> (
      match Dtype.kind dt with
      | Dtype.Complex -> dash
      | k ->
          let st = { min = 0.; max = 0.; nans = 0; infs = 0; seen = 0 } in
          t.iter ~piece (scan st);
          let floats = match k with Dtype.Float -> true | _ -> false in
          let count n = if floats then string_of_int n else "-" in
          if st.seen = 0 then [ "-"; "-"; count st.nans; count st.infs ]
          else [ value d st.min; value d st.max; count st.nans; count st.infs ])

let dims_string dims =
  "(" ^ String.concat ", " (Array.to_list (Array.map string_of_int dims))
  ^ (if Array.length dims = 1 then ",)" else ")")

let run args =
  let stats, files =
    List.partition_map
      (function "--stats" -> Left () | f -> Right f)
      args
  in
  let path =
    match files with
    | [ f ] when String.length f > 1 && f.[0] = '-' -> Cli_error.fail "unknown option %s" f
    | [ f ] -> f
    | _ -> Cli_error.fail "inspect takes one FILE"
  in
  if Source.format_of path = Source.Raw_file then
    Cli_error.fail "inspect reads .safetensors, .npy and .npz files; %s is none" path;
  let input = Source.open_ ~byte_order:Little_endian path in
  let row (t : Source.tensor) =
    let dtype = match t.elements with Typed (Dtype.Any dt) -> Dtype.name dt | Untyped u -> u.type_name in
    [ t.name; dtype; dims_string t.dims; string_of_int t.file_bytes ]
    @ if stats <> [] then stats_columns t else []
  in
  let header =
    [ "name"; "dtype"; "shape"; "bytes" ] @ if stats <> [] then [ "min"; "max"; "nan"; "inf" ] else []
  in
  let numeric = [ false; false; false; true; true; true; true; true ] in
  Printf.printf "%s: %s, %d tensor%s%s\n" path (Source.format_name input.format)
    (List.length input.tensors)
    (if List.length input.tensors = 1 then "" else "s")
    (match input.metadata with
     | Some kvs when kvs <> [] ->
         ", metadata " ^ String.concat ", " (List.map (fun (k, v) -> Printf.sprintf "%s=%S" k v) kvs)
     | _ -> "");
  Facts_cmd.print_table
    ~numeric:(List.filteri (fun i _ -> i < List.length header) numeric)
    (header :: List.map row input.tensors)

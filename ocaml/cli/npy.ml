(* The .npy format (version 1.0 written; 1.0, 2.0 and 3.0 read): a header
   naming the element type, the order and the shape, then the raw data. *)

open Nx_array

type header = {
  descr : string;  (* as written, with its byte-order character *)
  fortran_order : bool;
  shape : int array;
}

let magic = "\x93NUMPY"

(* The descr of a dtype's elements, and whether it is the raw-void form of
   an ml_dtypes format, which numpy alone reads as opaque bytes. *)
let descr_of : type v s. (v, s) Dtype.t -> byte_order -> string = fun dt order ->
  let o = match order with Little_endian -> "<" | Big_endian -> ">" in
  match dt with
  | Dtype.Float64 -> o ^ "f8" | Float32 -> o ^ "f4" | Float16 -> o ^ "f2"
  | Bfloat16 -> o ^ "V2" | Float8_e4m3fn -> "<V1" | Float8_e5m2 -> "<V1"
  | Int64 -> o ^ "i8" | Uint64 -> o ^ "u8" | Int32 -> o ^ "i4" | Uint32 -> o ^ "u4"
  | Int16 -> o ^ "i2" | Uint16 -> o ^ "u2" | Int8 -> "|i1" | Uint8 -> "|u1"
  | Complex128 -> o ^ "c16" | Complex64 -> o ^ "c8" | Bool -> "|b1"
  | Int4 | Uint4 | Float4_e2m1fn | Bit ->
      Cli_error.fail "%s has no .npy form (numpy has no packed %d-bit type); use a raw file"
        (Dtype.name dt) (Dtype.bits dt)

(* Whether [descr] can hold [dt]'s elements, and in which byte order. *)
let order_of_descr : type v s. (v, s) Dtype.t -> string -> byte_order = fun dt descr ->
  let order = if String.length descr > 0 && descr.[0] = '>' then Big_endian else Little_endian in
  let body = if String.length descr > 0 && String.contains "<>|=" descr.[0]
    then String.sub descr 1 (String.length descr - 1) else descr in
  let ok =
    match dt with
    | Dtype.Float8_e5m2 -> body = "V1" || body = "f1" || body = "u1"
    | Dtype.Float8_e4m3fn -> body = "V1" || body = "u1"
    | Dtype.Bfloat16 -> body = "V2" || body = "u2"
    | _ -> (
        match descr_of dt Little_endian with
        | d -> String.sub d 1 (String.length d - 1) = body
        | exception Cli_error.Usage _ -> false)
  in
  if not ok then
    Cli_error.fail ".npy elements %S are not %s elements" descr (Dtype.name dt);
  order

let header_to_string h =
  let shape =
    match h.shape with
    | [| n |] -> Printf.sprintf "(%d,)" n
    | s -> "(" ^ String.concat ", " (Array.to_list (Array.map string_of_int s)) ^ ")"
  in
  let dict =
    Printf.sprintf "{'descr': '%s', 'fortran_order': %s, 'shape': %s, }" h.descr
      (if h.fortran_order then "True" else "False") shape
  in
  (* Pad with spaces so that the data starts at a multiple of 64. *)
  let unpadded = String.length magic + 4 + String.length dict + 1 in
  let pad = (64 - (unpadded mod 64)) mod 64 in
  let dict = dict ^ String.make pad ' ' ^ "\n" in
  let len = String.length dict in
  magic ^ "\x01\x00" ^ String.make 1 (Char.chr (len land 0xff))
  ^ String.make 1 (Char.chr (len lsr 8)) ^ dict

(* The value after [key] in a header dict. *)
let field dict key =
  let k = "'" ^ key ^ "'" in
  let rec find i =
    if i + String.length k > String.length dict then
      Cli_error.fail ".npy header has no %s" key
    else if String.sub dict i (String.length k) = k then i + String.length k
    else find (i + 1)
  in
  let i = ref (find 0) in
  while !i < String.length dict && (dict.[!i] = ':' || dict.[!i] = ' ') do incr i done;
  !i

let read_header ic =
  let fail () = Cli_error.fail "not a .npy file" in
  let m = try really_input_string ic 8 with End_of_file -> fail () in
  if String.sub m 0 6 <> magic then fail ();
  let major = Char.code m.[6] in
  let len =
    try
      if major = 1 then
        let b = really_input_string ic 2 in
        Char.code b.[0] lor (Char.code b.[1] lsl 8)
      else
        let b = really_input_string ic 4 in
        Char.code b.[0] lor (Char.code b.[1] lsl 8) lor (Char.code b.[2] lsl 16)
        lor (Char.code b.[3] lsl 24)
    with End_of_file -> fail ()
  in
  let dict = try really_input_string ic len with End_of_file -> fail () in
  let d = field dict "descr" in
  let q = dict.[d] in
  let e = String.index_from dict (d + 1) q in
  let descr = String.sub dict (d + 1) (e - d - 1) in
  let f = field dict "fortran_order" in
  let fortran_order = String.length dict >= f + 4 && String.sub dict f 4 = "True" in
  let s = field dict "shape" in
  let close = String.index_from dict s ')' in
  let inner = String.sub dict (s + 1) (close - s - 1) in
  let shape =
    String.split_on_char ',' inner
    |> List.map String.trim
    |> List.filter (fun x -> x <> "")
    |> List.map (fun x ->
           match int_of_string_opt x with
           | Some n when n >= 0 -> n
           | _ -> Cli_error.fail ".npy shape %S is not a shape" inner)
    |> Array.of_list
  in
  { descr; fortran_order; shape }

(* The .npy tests' expected bytes: in hex ("-" for none) or, past 4 KiB,
   "md5:" and their MD5; and arrays' bytes. *)

open Nx_array

let same_data data s =
  if String.starts_with ~prefix:"md5:" data then
    Digest.to_hex (Digest.string s) = String.sub data 4 (String.length data - 4)
  else Files.hex s = data

let show s = if String.length s > 48 then Printf.sprintf "%d bytes" (String.length s) else Files.hex s
let show_data d = if String.length d > 96 then String.sub d 0 32 ^ "…" else d
let pp_dims d = String.concat "," (Array.to_list (Array.map string_of_int d))

let dims_of s =
  if s = "-" then [||] else Array.of_list (List.map int_of_string (String.split_on_char ',' s))

let dtype_of_name s = match Dtype.of_name s with Some d -> d | None -> failwith ("no dtype " ^ s)
let buffer_of_string s = buffer (of_string Dtype.Uint8 [| String.length s |] s)

(* The bytes nx_array holds of an array. *)
let bytes_of (Npy.Any a) = to_string (of_buffer Dtype.Uint8 [| nbytes_of a |] (buffer a))

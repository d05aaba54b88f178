(* The committed files of the .npy tests: their lines, and bytes written
   in hex ("-" for none) or, past 4 KiB, as their MD5. *)

open Nx_array

let read path = In_channel.with_open_bin path In_channel.input_all

(* The lines of a file but its blank lines and comments. *)
let lines path =
  In_channel.with_open_bin path In_channel.input_lines
  |> List.filter (fun l -> l <> "" && l.[0] <> '#')

let words l = String.split_on_char ' ' l
let hex s = String.concat "" (List.init (String.length s) (fun i -> Printf.sprintf "%02x" (Char.code s.[i])))

let of_hex h =
  let byte i = Char.chr (int_of_string ("0x" ^ String.sub h (2 * i) 2)) in
  if h = "-" then "" else String.init (String.length h / 2) byte

let contains s sub =
  let n = String.length sub in
  let rec go i = i + n <= String.length s && (String.sub s i n = sub || go (i + 1)) in
  go 0

let same_data data s =
  if String.starts_with ~prefix:"md5:" data then
    Digest.to_hex (Digest.string s) = String.sub data 4 (String.length data - 4)
  else hex s = if data = "-" then "" else data

let show s = if String.length s > 48 then Printf.sprintf "%d bytes" (String.length s) else hex s
let show_data d = if String.length d > 96 then String.sub d 0 32 ^ "…" else d
let pp_dims d = String.concat "," (Array.to_list (Array.map string_of_int d))

let dims_of s =
  if s = "-" then [||] else Array.of_list (List.map int_of_string (String.split_on_char ',' s))

let dtype_of_name s = match Dtype.of_name s with Some d -> d | None -> failwith ("no dtype " ^ s)
let buffer_of_string s = buffer (of_string Dtype.Uint8 [| String.length s |] s)

(* The bytes nx_array holds of an array. *)
let bytes_of (Npy.Any a) = to_string (of_buffer Dtype.Uint8 [| nbytes_of a |] (buffer a))

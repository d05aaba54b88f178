(* The committed files of the tests (safetensors, .npy): their lines, and
   bytes written in hex ("-" for none). *)

let read path = In_channel.with_open_bin path In_channel.input_all

(* The lines of a file but its blank lines and comments. *)
let lines path =
  In_channel.with_open_bin path In_channel.input_lines
  |> List.filter (fun l -> l <> "" && l.[0] <> '#')

let words l = String.split_on_char ' ' l

let hex s =
  if s = "" then "-"
  else String.concat "" (List.init (String.length s) (fun i -> Printf.sprintf "%02x" (Char.code s.[i])))

let of_hex h =
  let byte i = Char.chr (int_of_string ("0x" ^ String.sub h (2 * i) 2)) in
  if h = "-" then "" else String.init (String.length h / 2) byte

let contains s sub =
  let n = String.length sub in
  let rec go i = i + n <= String.length s && (String.sub s i n = sub || go (i + 1)) in
  go 0

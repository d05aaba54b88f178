(* test/block/values.txt, from gen_values.py: E8M0, the 6-bit floats and
   float4 E2M1 decoded and stored one value at a time, against the exact
   model and ml_dtypes. *)

open Nx_array
open Check

let rounding_of = Vectors.rounding_of

let decode fmt enc =
  match fmt with
  | "float8_e8m0fnu" -> Block.E8m0.to_float enc
  | "float6_e2m3fn" -> Block.Float6.to_float E2m3fn enc
  | "float6_e3m2fn" -> Block.Float6.to_float E3m2fn enc
  | _ -> get (of_string Dtype.Float4_e2m1fn [| 1 |] (String.make 1 (Char.chr enc))) [| 0 |]

let store fmt rounding x =
  match fmt with
  | "float8_e8m0fnu" -> Block.E8m0.of_float ~rounding x
  | "float6_e2m3fn" -> Block.Float6.of_float ~rounding E2m3fn x
  | "float6_e3m2fn" -> Block.Float6.of_float ~rounding E3m2fn x
  | _ ->
      let a = cast ~rounding Dtype.Float4_e2m1fn (of_array Dtype.Float64 [| 1 |] [| x |]) in
      Int64.to_int (get_bits a [| 0 |])

let same_float a b = Int64.bits_of_float a = Int64.bits_of_float b || (Float.is_nan a && Float.is_nan b)

let run file =
  let ic = open_in_bin file in
  let kinds = Hashtbl.create 8 in
  (try
     while true do
       match String.split_on_char ' ' (input_line ic) with
       | "#" :: _ -> ()
       | [ "decode"; fmt; enc; v ] ->
           let want = Int64.float_of_bits (Int64.of_string ("0x" ^ v)) in
           let got = decode fmt (int_of_string enc) in
           check (same_float got want) "%s decode %s: %h, model and ml_dtypes %h" fmt enc got want
       | [ "store"; fmt; rounding; x; model; ml; kind ] ->
           let x = Int64.float_of_bits (Int64.of_string ("0x" ^ x)) in
           let got = store fmt (rounding_of rounding) x in
           let model = int_of_string model in
           check (got = model) "%s store %s %h: %d, the model's %d" fmt rounding x got model;
           if ml <> "-" then begin
             let k = (fmt, kind) in
             Hashtbl.replace kinds k (1 + Option.value (Hashtbl.find_opt kinds k) ~default:0);
             if kind = "same" then
               check (got = int_of_string ml) "%s store %h: %d, ml_dtypes' %d" fmt x got
                 (int_of_string ml)
           end
       | _ -> failwith "values.txt"
     done
   with End_of_file -> ());
  close_in ic;
  let ks = List.sort compare (Hashtbl.fold (fun k c acc -> (k, c) :: acc) kinds []) in
  Printf.printf "single values against ml_dtypes: %s\n"
    (String.concat ", " (List.map (fun ((f, k), c) -> Printf.sprintf "%s %s %d" f k c) ks))

(* A zip archive of [records] (name, bytes), each stored, not deflated,
   as torch.save writes its records: the archives the catalogue and the
   fuzzer make. *)

module Zip = Nx_array_files.Zip

let zip records =
  let sink, contents = Zip.memory_sink () in
  let w = Zip.writer sink in
  List.iter
    (fun (name, data) ->
      Zip.add w name ~deflate:false ~size:(String.length data) (fun emit ->
          emit (`Bytes (Bytes.of_string data, 0, String.length data))))
    records;
  Zip.finish w;
  contents ()
